// GoRDU's service worker: shows a deal alert pushed to this device, and opens the deal when it is clicked.
// Served from the site root so its scope is the whole site; it handles nothing but push and notification clicks.

/** Only paths on this site are opened: a push can never send the person elsewhere. */
function sameOriginUrl(path) {
  const url = new URL(typeof path === "string" ? path : "/dashboard", self.location.origin);
  return url.origin === self.location.origin ? url.href : new URL("/dashboard", self.location.origin).href;
}

// Takes charge of open pages at once, so a notification click can bring an open dashboard to the deal.
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  const title = typeof message.title === "string" ? message.title : "A new deal from RDU";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : undefined,
      icon: "/favicon.svg",
      data: { url: sameOriginUrl(message.url), snoozeUrl: typeof message.snoozeUrl === "string" ? sameOriginUrl(message.snoozeUrl) : null },
      actions: typeof message.snoozeUrl === "string" ? [{ action: "snooze", title: "Snooze 30 days" }] : [],
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const target = event.action === "snooze" && data.snoozeUrl ? data.snoozeUrl : data.url || sameOriginUrl("/dashboard");
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin && "navigate" in client);
      if (!open) return self.clients.openWindow(target);
      return open.navigate(target).then(
        (client) => client?.focus(),
        () => self.clients.openWindow(target),
      );
    }),
  );
});
