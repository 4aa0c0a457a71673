// Reminders in the page: poll GET /api/reminders/due/ with the last id shown, show each new
// one in the page and, when the person allowed it, as a browser notification.
(function () {
  "use strict";
  var KEY = "reminders.last_id";
  var PERIOD_MS = 20000;
  var last = Number(window.localStorage.getItem(KEY) || "0");

  function show(reminder) {
    var box = document.getElementById("reminder-notices");
    if (!box) {
      box = document.createElement("div");
      box.id = "reminder-notices";
      box.setAttribute("role", "status");
      box.setAttribute("aria-live", "polite");
      document.body.appendChild(box);
    }
    var item = document.createElement("div");
    item.className = "reminder-notice";
    item.textContent = "\u23F0 " + reminder.title + " \u2014 " + reminder.at.replace("T", " ");
    box.appendChild(item);
    if ("Notification" in window && Notification.permission === "granted") {
      new Notification(reminder.title, { body: reminder.at.replace("T", " "), tag: "reminder-" + reminder.id });
    }
  }

  function poll() {
    fetch("/api/reminders/due/?after=" + last, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (body) {
        if (!body) { return; }
        body.reminders.forEach(show);
        last = body.last_id;
        window.localStorage.setItem(KEY, String(last));
      })
      .catch(function () { /* offline for a moment: the next poll catches up */ });
  }

  if ("Notification" in window && Notification.permission === "default") {
    document.addEventListener("click", function ask() {
      Notification.requestPermission();
      document.removeEventListener("click", ask);
    });
  }
  window.scheduleReminders = { poll: poll };
  poll();
  window.setInterval(poll, PERIOD_MS);
})();
