// The settings page: a search over the time-zone list (several hundred entries).
//
// Typing narrows the <select> to the zones whose name contains every word typed ("shang",
// "new york", "asia kol"); a single match is chosen at once. Without this script the full list
// still works.

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
    const name = normalise(`${option.value} ${option.textContent}`);
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
      }
      select.focus();
    }
  });
}
