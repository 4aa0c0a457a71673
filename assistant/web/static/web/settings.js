// The settings page: a search over the time-zone list (several hundred entries).
//
// Typing narrows the <select> to the zones whose names contain every word typed ("shang",
// "new york", "china", "上海"); a single match is chosen at once. Without this script the full
// list still works. Choosing another zone says, before saving, what it does to existing events.

const select = document.getElementById("id_time_zone");
const box = document.getElementById("zone-search");
const search = document.getElementById("zone-search-input");
const count = document.getElementById("zone-search-count");

function normalise(text) {
  return text.toLowerCase().replace(/[_/]+/g, " ").replace(/\s+/g, " ").trim();
}

function filterZones() {
  const words = normalise(search.value).split(" ").filter(Boolean);
  const options = [...select.options];
  const matching = [];
  for (const option of options) {
    // data-search holds the zone's city, country and zone names in English and Chinese (CLDR).
    const name = normalise(`${option.value} ${option.textContent} ${option.dataset.search || ""}`);
    const shown = words.every((word) => name.includes(word));
    option.hidden = !shown;
    if (shown) {
      matching.push(option);
    }
  }
  for (const group of select.querySelectorAll("optgroup")) {
    group.hidden = ![...group.children].some((option) => !option.hidden);
  }
  if (matching.length === 1) {
    select.value = matching[0].value;
    select.dispatchEvent(new Event("change"));
  }
  count.textContent = words.length ? search.dataset.matches.replace("{count}", String(matching.length)) : "";
}

if (select && box && search) {
  box.hidden = false;
  search.addEventListener("input", filterZones);
  search.addEventListener("keydown", (event) => {
    // Enter picks the first match instead of submitting the form half-done.
    if (event.key === "Enter") {
      event.preventDefault();
      const first = [...select.options].find((option) => !option.hidden);
      if (first) {
        select.value = first.value;
        select.dispatchEvent(new Event("change"));
      }
      select.focus();
    }
  });
}

// ---------------------------------------------------------------- what a zone change does

const zoneChange = document.getElementById("zone-change");

function clock(iso, timeZone, locale) {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(iso));
}

function explainZoneChange() {
  const current = zoneChange.dataset.current;
  const chosen = select.value;
  if (!chosen || chosen === current) {
    zoneChange.hidden = true;
    zoneChange.textContent = "";
    return;
  }
  const locale = zoneChange.dataset.locale === "zh" ? "zh-CN" : "en-GB";
  zoneChange.textContent = "";
  const intro = document.createElement("p");
  intro.textContent = zoneChange.dataset.intro.replace("{count}", zoneChange.dataset.upcoming || "0");
  zoneChange.append(intro);
  if (zoneChange.dataset.nextStart) {
    const example = document.createElement("p");
    example.dataset.testid = "zone-change-example";
    example.textContent = zoneChange.dataset.example
      .replace("{title}", zoneChange.dataset.nextTitle)
      .replace("{before}", clock(zoneChange.dataset.nextStart, current, locale))
      .replace("{from}", current)
      .replace("{after}", clock(zoneChange.dataset.nextStart, chosen, locale))
      .replace("{to}", chosen);
    zoneChange.append(example);
  }
  zoneChange.hidden = false;
}

if (select && zoneChange) {
  select.addEventListener("change", explainZoneChange);
  select.addEventListener("input", explainZoneChange);
}

// ---------------------------------------------------------------- calendar import
//
// Choose an .ics file: the server reads it with mode=preview and writes nothing; the person sees
// how many events, which dates and which repeat, then Import sends the same file with
// mode=import. Every text from the file goes in with textContent.

const importPanel = document.getElementById("import");

function importer(panel) {
  const strings = JSON.parse(panel.dataset.strings);
  const locale = panel.dataset.language === "zh" ? "zh-CN" : "en-US";
  const maxBytes = Number(panel.dataset.maxBytes) || 0;
  const form = document.getElementById("import-form");
  const fileInput = document.getElementById("import-file");
  const errorBox = document.getElementById("import-error");
  const working = document.getElementById("import-working");
  const preview = document.getElementById("import-preview");
  const heading = document.getElementById("import-preview-heading");
  const confirmButton = document.getElementById("import-confirm");
  const cancelButton = document.getElementById("import-cancel");
  const previewButton = document.getElementById("import-preview-button");
  const nothingNewNote = document.getElementById("import-nothing-new");
  const done = document.getElementById("import-done");
  const skippedRow = document.getElementById("import-skipped-row");
  const skippedList = document.getElementById("import-skipped");
  const dayFormat = new Intl.DateTimeFormat(locale, { timeZone: "UTC", year: "numeric", month: "short", day: "numeric" });
  const numberFormat = new Intl.NumberFormat(locale);
  // The file the preview was made from: Import sends exactly that one.
  let previewed = null;

  const fill = (key, values) =>
    Object.entries(values).reduce((text, [name, value]) => text.replaceAll(`{${name}}`, String(value)), strings[key] ?? key);

  function setText(id, text) {
    document.getElementById(id).textContent = text;
  }

  function showError(text) {
    errorBox.textContent = text;
    errorBox.hidden = !text;
    fileInput.closest(".field").classList.toggle("field-invalid", Boolean(text));
    if (text) {
      fileInput.setAttribute("aria-invalid", "true");
    } else {
      fileInput.removeAttribute("aria-invalid");
    }
  }

  function setBusy(busy) {
    working.hidden = !busy;
    for (const button of [previewButton, confirmButton, cancelButton]) {
      button.disabled = busy;
    }
    panel.setAttribute("aria-busy", busy ? "true" : "false");
  }

  function day(iso) {
    return iso ? dayFormat.format(new Date(`${iso}T00:00:00Z`)) : "";
  }

  function sizeText(bytes) {
    return bytes >= 1024 * 1024 ? `${numberFormat.format(bytes / 1024 / 1024)} MB` : `${numberFormat.format(Math.round(bytes / 1024))} KB`;
  }

  function changes(report) {
    return { created: report.created, updated: report.updated, unchanged: report.unchanged };
  }

  async function send(file, mode) {
    const body = new FormData();
    body.append("file", file);
    body.append("mode", mode);
    let response;
    try {
      response = await fetch("/api/calendar/import/", {
        method: "POST",
        credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": form.elements.csrfmiddlewaretoken.value },
        body,
      });
    } catch {
      throw new Error(strings.import_network);
    }
    let report = null;
    try {
      report = await response.json();
    } catch {
      report = null;
    }
    if (!response.ok || !report) {
      const detail = report && typeof report.detail === "string" ? report.detail : `HTTP ${response.status}`;
      throw new Error(fill("import_failed", { detail }));
    }
    return report;
  }

  function showPreview(report) {
    setText("import-count", numberFormat.format(report.count));
    const first = day(report.first_day);
    const last = day(report.last_day);
    setText("import-range", first === last ? first : `${first} – ${last}`);
    const recurring = report.recurring || [];
    setText("import-recurring", recurring.length ? `${numberFormat.format(recurring.length)}: ${recurring.join(", ")}` : "0");
    setText("import-changes", fill("import_changes_text", changes(report)));
    skippedList.replaceChildren(
      ...(report.skipped || []).map((reason) => {
        const item = document.createElement("li");
        item.textContent = reason;
        return item;
      }),
    );
    skippedRow.hidden = !(report.skipped || []).length;
    // Nothing would be created or changed: no Import button, a sentence that says why.
    const nothingNew = !report.created && !report.updated;
    confirmButton.hidden = nothingNew;
    nothingNewNote.hidden = !nothingNew;
    preview.hidden = false;
    heading.focus();
  }

  function reset() {
    previewed = null;
    preview.hidden = true;
    fileInput.value = "";
    fileInput.focus();
  }

  async function previewFile() {
    done.hidden = true;
    preview.hidden = true;
    previewed = null;
    const file = fileInput.files && fileInput.files[0];
    if (!file) {
      showError(strings.import_no_file);
      fileInput.focus();
      return;
    }
    if (maxBytes && file.size > maxBytes) {
      showError(fill("import_too_big", { limit: sizeText(maxBytes) }));
      fileInput.focus();
      return;
    }
    showError("");
    setBusy(true);
    try {
      const report = await send(file, "preview");
      if (!report.count) {
        showError(strings.import_empty);
        return;
      }
      previewed = file;
      showPreview(report);
    } catch (error) {
      showError(error.message);
      fileInput.focus();
    } finally {
      setBusy(false);
    }
  }

  async function importFile() {
    if (!previewed) {
      return;
    }
    setBusy(true);
    try {
      const report = await send(previewed, "import");
      preview.hidden = true;
      previewed = null;
      fileInput.value = "";
      done.textContent = fill("import_done", changes(report));
      done.hidden = false;
    } catch (error) {
      showError(error.message);
    } finally {
      setBusy(false);
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    previewFile();
  });
  fileInput.addEventListener("change", () => {
    if (fileInput.files && fileInput.files.length) {
      previewFile();
    }
  });
  confirmButton.addEventListener("click", importFile);
  cancelButton.addEventListener("click", () => {
    showError("");
    reset();
  });
  panel.hidden = false;
}

if (importPanel) {
  importer(importPanel);
}
