// The agenda beside the chat: one day or one week (Monday to Sunday) of the person's events,
// with dates and times in the person's own zone (the API sends local_start / local_end).
// Every piece of event data is put on the page with textContent, never as HTML.

const DAY_MS = 24 * 60 * 60 * 1000;

export function parseDate(iso) {
  const [year, month, day] = iso.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, day));
}

export function isoDate(date) {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso, days) {
  return isoDate(new Date(parseDate(iso).getTime() + days * DAY_MS));
}

export function mondayOf(iso) {
  const weekday = parseDate(iso).getUTCDay(); // 0 = Sunday
  return addDays(iso, -((weekday + 6) % 7));
}

/** Today's date in a time zone, as YYYY-MM-DD (the browser's own zone does not matter). */
export function todayIn(zone, fallback) {
  try {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).formatToParts(new Date());
    const part = (type) => parts.find((item) => item.type === type).value;
    return `${part("year")}-${part("month")}-${part("day")}`;
  } catch {
    return fallback;
  }
}

export class Agenda {
  constructor(root, { today, zone, locale, strings, request }) {
    this.root = root;
    this.zone = zone;
    this.serverToday = today;
    this.strings = strings;
    this.request = request;
    this.view = "week";
    this.anchor = this.today();
    this.generation = 0;
    this.body = root.querySelector("#agenda-body");
    this.rangeLabel = root.querySelector("#agenda-range");
    this.prevButton = root.querySelector("#agenda-prev");
    this.nextButton = root.querySelector("#agenda-next");
    this.dayHeading = new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" });
    this.longDay = new Intl.DateTimeFormat(locale, {
      timeZone: "UTC",
      weekday: "long",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    this.shortDay = new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" });

    for (const button of root.querySelectorAll(".segment[data-view]")) {
      button.addEventListener("click", () => this.setView(button.dataset.view));
    }
    this.prevButton.addEventListener("click", () => this.move(-1));
    this.nextButton.addEventListener("click", () => this.move(1));
    root.querySelector("#agenda-today").addEventListener("click", () => {
      this.anchor = this.today();
      this.refresh();
    });
  }

  today() {
    return todayIn(this.zone, this.serverToday);
  }

  setView(view) {
    this.view = view === "day" ? "day" : "week";
    for (const button of this.root.querySelectorAll(".segment[data-view]")) {
      button.setAttribute("aria-pressed", String(button.dataset.view === this.view));
    }
    const day = this.view === "day";
    this.prevButton.setAttribute("aria-label", this.strings[day ? "agenda_prev_day" : "agenda_prev_week"]);
    this.nextButton.setAttribute("aria-label", this.strings[day ? "agenda_next_day" : "agenda_next_week"]);
    this.refresh();
  }

  move(direction) {
    this.anchor = addDays(this.anchor, direction * (this.view === "day" ? 1 : 7));
    this.refresh();
  }

  /** Show a given date (YYYY-MM-DD) in the current view. */
  show(iso) {
    this.anchor = iso;
    return this.refresh();
  }

  days() {
    if (this.view === "day") {
      return [this.anchor];
    }
    const monday = mondayOf(this.anchor);
    return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
  }

  async refresh() {
    const generation = ++this.generation;
    const days = this.days();
    const start = days[0];
    const end = days[days.length - 1];
    this.rangeLabel.textContent = this.rangeText(start, end);
    this.body.setAttribute("aria-busy", "true");
    try {
      const data = await this.request(`/api/events/?start=${start}&end=${end}`);
      if (generation !== this.generation) {
        return;
      }
      const events = Array.isArray(data) ? data : data.results || [];
      this.render(days, events);
    } catch {
      if (generation !== this.generation) {
        return;
      }
      this.body.replaceChildren(paragraph("agenda-free", this.strings.agenda_error));
    } finally {
      if (generation === this.generation) {
        this.body.setAttribute("aria-busy", "false");
      }
    }
  }

  rangeText(start, end) {
    if (start === end) {
      return this.longDay.format(parseDate(start));
    }
    try {
      return this.shortDay.formatRange(parseDate(start), parseDate(end));
    } catch {
      return `${this.shortDay.format(parseDate(start))} – ${this.shortDay.format(parseDate(end))}`;
    }
  }

  render(days, events) {
    const today = this.today();
    const sections = days.map((day) => {
      const next = addDays(day, 1);
      const dayStart = `${day}T00:00`;
      const dayEnd = `${next}T00:00`;
      // Local "YYYY-MM-DDTHH:MM" strings sort like the times they name.
      const onDay = events.filter((event) => event.local_start < dayEnd && event.local_end > dayStart);
      const section = document.createElement("section");
      section.className = "agenda-day" + (day === today ? " agenda-day-today" : "");
      section.dataset.date = day;
      section.dataset.testid = "agenda-day";
      const heading = document.createElement("h3");
      heading.className = "agenda-day-head";
      heading.append(this.dayHeading.format(parseDate(day)));
      if (day === today) {
        const badge = document.createElement("span");
        badge.className = "today-badge";
        badge.textContent = this.strings.agenda_today;
        heading.append(badge);
      }
      section.append(heading);
      if (onDay.length === 0) {
        section.append(paragraph("agenda-free", this.view === "day" ? this.strings.agenda_empty : this.strings.agenda_free));
      } else {
        const list = document.createElement("ul");
        list.className = "agenda-events";
        for (const event of onDay) {
          list.append(this.eventItem(event, dayStart, dayEnd));
        }
        section.append(list);
      }
      return section;
    });
    this.body.replaceChildren(...sections);
  }

  eventItem(event, dayStart, dayEnd) {
    const item = document.createElement("li");
    item.className = "agenda-event";
    item.dataset.testid = "agenda-event";
    item.dataset.eventId = String(event.id);
    const startsToday = event.local_start >= dayStart;
    const endsToday = event.local_end <= dayEnd;
    const from = startsToday ? event.local_start.slice(11, 16) : "…";
    const to = endsToday ? event.local_end.slice(11, 16) : "…";
    const time = document.createElement("span");
    time.className = "agenda-event-time";
    time.textContent = `${from}–${to}`;
    const title = document.createElement("span");
    title.className = "agenda-event-title";
    title.textContent = event.title;
    item.append(time, title);
    return item;
  }
}

function paragraph(className, text) {
  const node = document.createElement("p");
  node.className = className;
  node.textContent = text;
  return node;
}
