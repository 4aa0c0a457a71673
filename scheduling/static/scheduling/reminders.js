// Reminders in the page: poll GET /api/reminders/due/, which lists the person's open notices (sent
// in the last hour, not dismissed, one per reminder); the page shows exactly those, so a notice
// dismissed on another device or whose event was deleted goes away. Dismissing one tells the
// server (POST /api/reminders/<id>/dismiss/): it never comes back. A browser notification is
// shown only for a delivery newer than the cursor, so a reload does not notify again.
//
// A classic script (loaded with defer): it reads its words from data attributes the template
// wrote, and puts every text in with textContent. The cursor is kept per person, so a second
// account in the same browser does not skip the first one's ids.
(function () {
  "use strict";
  var PERIOD_MS = 20000;
  var box = document.getElementById("reminder-notices");
  var permission = document.getElementById("reminder-permission");
  if (!box) {
    return;
  }
  var words = box.dataset;
  var key = "reminders.last_id." + (words.person || "");
  var language = words.language === "zh" ? "zh-CN" : "en-US";
  // `at` is already the person's local wall time ("2026-12-01T19:00"): format it as UTC so the
  // browser's own zone cannot shift it.
  var whenFormat = new Intl.DateTimeFormat(language, {
    timeZone: "UTC", weekday: "short", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
  });
  var last = readCursor();
  var polling = false;

  function readCursor() {
    try {
      return Number(window.localStorage.getItem(key) || "0") || 0;
    } catch (error) {
      return 0;
    }
  }

  function saveCursor(value) {
    try {
      window.localStorage.setItem(key, String(value));
    } catch (error) { /* private mode: the cursor lives for this page only */ }
  }

  function csrfToken() {
    var match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return match ? decodeURIComponent(match[1]) : "";
  }

  function when(at) {
    var date = new Date(at + ":00Z");
    return isNaN(date.getTime()) ? at.replace("T", " ") : whenFormat.format(date);
  }

  function fill(template, reminder) {
    return template.replace("{title}", reminder.title).replace("{when}", when(reminder.at));
  }

  function show(reminder) {
    var text = fill(reminder.event ? words.eventText : words.timeText, reminder);
    var item = document.createElement("div");
    item.className = "reminder-notice";
    item.dataset.testid = "reminder-notice";
    item.dataset.reminderId = String(reminder.id);
    var body = document.createElement("p");
    body.className = "reminder-notice-text";
    body.textContent = text;
    var dismiss = document.createElement("button");
    dismiss.type = "button";
    dismiss.className = "button button-ghost button-small";
    dismiss.textContent = words.dismiss;
    dismiss.setAttribute("aria-label", words.dismissLabel.replace("{title}", reminder.title));
    dismiss.addEventListener("click", function () {
      item.remove();
      box.hidden = !box.querySelector(".reminder-notice");
      fetch("/api/reminders/" + encodeURIComponent(reminder.id) + "/dismiss/", {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": csrfToken() },
      }).catch(function () { /* offline: the next poll shows it again, to be dismissed again */ });
    });
    item.appendChild(body);
    item.appendChild(dismiss);
    box.appendChild(item);
    box.hidden = false;
    if (reminder.new && "Notification" in window && Notification.permission === "granted") {
      try {
        new Notification(reminder.title, { body: text, tag: "reminder-" + reminder.id });
      } catch (error) { /* some browsers only notify from a service worker: the page notice stays */ }
    }
  }

  function poll() {
    if (polling) {
      return Promise.resolve();
    }
    polling = true;
    return fetch("/api/reminders/due/?after=" + last, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (body) {
        if (!body || !Array.isArray(body.reminders)) { return; }
        var open = {};
        body.reminders.forEach(function (reminder) {
          open[String(reminder.id)] = true;
          if (!box.querySelector('[data-reminder-id="' + Number(reminder.id) + '"]')) {
            show({ id: reminder.id, title: reminder.title, at: reminder.at, event: reminder.event,
                   new: reminder.new && reminder.id > last });
          }
        });
        Array.prototype.forEach.call(box.querySelectorAll(".reminder-notice"), function (item) {
          if (!open[item.dataset.reminderId]) { item.remove(); }
        });
        box.hidden = !box.querySelector(".reminder-notice");
        last = Math.max(last, Number(body.last_id) || 0);
        saveCursor(last);
      })
      .catch(function () { /* offline for a moment: the next poll catches up */ })
      .then(function () { polling = false; });
  }

  // Asking is the person's choice, from a button: browsers ignore (or hold against the site) a
  // permission prompt that no click asked for.
  function offerPermission() {
    if (!permission) { return; }
    permission.hidden = !("Notification" in window) || Notification.permission !== "default";
  }

  if (permission) {
    permission.addEventListener("click", function () {
      var asked = Notification.requestPermission(offerPermission);
      if (asked && typeof asked.then === "function") { asked.then(offerPermission); }
    });
    offerPermission();
  }
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") { poll(); }
  });
  window.scheduleReminders = { poll: poll };
  poll();
  window.setInterval(poll, PERIOD_MS);
})();
