import { useState } from "react";
import type { OperationsOverview } from "../../../domain/api/admin.ts";
import { api } from "../../api.ts";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../error-message.ts";
import { formatTime } from "./format.ts";
import { Button } from "../../components/button.tsx";

type Message = OperationsOverview["contactMessages"][number];

interface ContactMessagesProps {
  messages: Message[];
  onChange: (change: (overview: OperationsOverview) => OperationsOverview) => void;
}

/** Messages from the landing page's Contact dialog, newest first; unread ones stand out until marked read. */
export function ContactMessages({ messages, onChange }: ContactMessagesProps) {
  const toast = useToast();
  const [pending, setPending] = useState<number | null>(null);
  const unread = messages.filter((message) => !message.read).length;

  const mark = async (message: Message) => {
    if (pending !== null) return;
    setPending(message.id);
    try {
      await api.markContactMessage(message.id, !message.read);
      onChange((overview) => ({
        ...overview,
        contactMessages: overview.contactMessages.map((row) => (row.id === message.id ? { ...row, read: !message.read } : row)),
      }));
    } catch (error) {
      toast({ title: "Update Failed", description: errorMessage(error, "Failed to update the message"), variant: "destructive" });
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby="ops-messages" className="ops-section">
      <h3 id="ops-messages">Contact messages {unread > 0 && <span className="count-pill">{unread} unread</span>}</h3>
      {messages.length === 0 ? (
        <p className="empty-state muted">No messages yet.</p>
      ) : (
        <ul className="messages">
          {messages.map((message) => (
            <li key={message.id} className={message.read ? "message" : "message message-unread"}>
              <div className="message-head">
                <div>
                  <strong className="message-subject">
                    {!message.read && (
                      <>
                        <span className="unread-dot" aria-hidden="true" />
                        <span className="visually-hidden">Unread: </span>
                      </>
                    )}
                    {message.subject}
                  </strong>
                  <small className="muted break-anywhere">
                    {message.name} &lt;{message.email}&gt; · {formatTime(message.createdAt)} ET
                  </small>
                </div>
                <div className="message-actions">
                  <a
                    href={`mailto:${encodeURIComponent(message.email)}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                    role="button"
                    className="secondary outline small"
                  >
                    Reply
                  </a>
                  <Button
                    type="button"
                    className="secondary outline small"
                    onClick={() => void mark(message)}
                    disabled={pending !== null}
                    aria-busy={pending === message.id}
                  >
                    {message.read ? "Mark unread" : "Mark read"}
                  </Button>
                </div>
              </div>
              <p className="message-body">{message.description}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
