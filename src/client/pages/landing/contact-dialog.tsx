// pages/landing/: the landing page's sections, footer and its dialogs (contact, privacy, terms).
// Imports components, the API and domain rules; no other page's parts.
import { useId, useState, type FormEvent } from "react";
import { isValidEmail, LIMITS } from "../../../domain/validation.ts";
import { api } from "../../api.ts";
import { Dialog } from "../../components/dialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { errorMessage } from "../../error-message.ts";
import { Button } from "../../components/button.tsx";
import { Form } from "../../components/form.tsx";

interface ContactDialogProps {
  open: boolean;
  onClose: () => void;
}

const EMPTY = { email: "", name: "", subject: "", description: "" };
type Field = keyof typeof EMPTY;

export function ContactDialog({ open, onClose }: ContactDialogProps) {
  const formId = useId();
  const [sending, setSending] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Contact Us"
      wide
      footer={
        <>
          <Button type="button" className="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={sending} aria-busy={sending}>
            {sending ? "Sending…" : "Send Message"}
          </Button>
        </>
      }
    >
      <ContactForm id={formId} sending={sending} setSending={setSending} onSent={onClose} />
    </Dialog>
  );
}

interface ContactFormProps {
  id: string;
  sending: boolean;
  setSending: (sending: boolean) => void;
  onSent: () => void;
}

/** Mounted only while the dialog is open, so every opening starts empty. */
function ContactForm({ id, sending, setSending, onSent }: ContactFormProps) {
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  const errorId = `${id}-error`;

  const field = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    required: true,
    maxLength: LIMITS[name],
    disabled: sending,
    "aria-invalid": problem?.field === name ? true : undefined,
    "aria-describedby": problem?.field === name ? errorId : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (problem?.field === name) setProblem(null);
    },
  });

  const hint = (name: Field) =>
    problem?.field === name && (
      <small id={errorId} role="alert">
        {problem.message}
      </small>
    );

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (sending) return;
    const message = {
      email: values.email.trim(),
      name: values.name.trim(),
      subject: values.subject.trim(),
      description: values.description.trim(),
    };
    const missing = (Object.keys(message) as Field[]).find((name) => !message[name]);
    const found = missing
      ? { field: missing, message: "Please fill in all fields: email, name, subject and message." }
      : !isValidEmail(message.email)
        ? { field: "email" as const, message: "Please enter a valid email address." }
        : null;
    if (found) {
      setProblem(found);
      event.currentTarget.querySelector<HTMLElement>(`[name="${found.field}"]`)?.focus();
      return;
    }

    setSending(true);
    try {
      await api.contact(message);
      toast({ title: "Message Sent", description: "Thank you for contacting us. We'll get back to you soon!" });
      setValues(EMPTY);
      onSent();
    } catch (error) {
      toast({
        title: "Failed to Send",
        description: errorMessage(error, "Please try again later."),
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Form id={id} onSubmit={submit} className="contact-form">
      <p>Questions, feedback or account trouble? Write to us and we'll reply by email.</p>
      <label htmlFor={`${id}-email`}>Email</label>
      <input type="email" autoComplete="email" {...field("email")} />
      {hint("email")}
      <label htmlFor={`${id}-name`}>Name</label>
      <input type="text" autoComplete="name" {...field("name")} />
      {hint("name")}
      <label htmlFor={`${id}-subject`}>Subject</label>
      <input type="text" {...field("subject")} />
      {hint("subject")}
      <label htmlFor={`${id}-description`}>Description</label>
      <textarea rows={5} {...field("description")} />
      {hint("description")}
    </Form>
  );
}
