// The chat page: threads, a streamed reply over SSE, cards to act on, the agenda beside it.
//
// Safety: every text that came from a person or a model reaches the page through textContent
// or a text node (see el()); nothing here parses data as markup. The Content-Security-Policy
// forbids inline scripts and styles, so nothing here sets a style attribute either.

import { Agenda, addDays, mondayOf, todayIn } from "./agenda.js";

const app = document.getElementById("app");
const strings = JSON.parse(app.dataset.strings);
const language = app.dataset.language === "zh" ? "zh" : "en";
const locale = language === "zh" ? "zh-CN" : "en-US";
const zone = app.dataset.timeZone;
const loginUrl = app.dataset.loginUrl;

const threadList = document.getElementById("thread-list");
const threadEmpty = document.getElementById("thread-empty");
const threadsPanel = document.getElementById("threads");
const threadsToggle = document.getElementById("threads-toggle");
const newThreadButton = document.getElementById("new-thread");
const chatTitle = document.getElementById("chat-title");
const messagesBox = document.getElementById("messages");
const emptyState = document.getElementById("empty-state");
const typing = document.getElementById("typing");
const typingLabel = document.getElementById("typing-label");
const composer = document.getElementById("composer");
const input = document.getElementById("composer-input");
const sendButton = document.getElementById("send-button");
const banner = document.getElementById("stand-in-banner");
const limitBox = document.getElementById("composer-limit");
const limitCount = document.getElementById("composer-count");
const trimButton = document.getElementById("composer-trim");
const maxChars = Number(input.dataset.maxChars) || 2000;
const numberFormat = new Intl.NumberFormat(locale);
// The counter appears once a message nears the limit, so short messages stay uncluttered.
const LIMIT_WARNING_SHARE = 0.8;

const timeFormat = new Intl.DateTimeFormat(locale, { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const dateTimeFormat = new Intl.DateTimeFormat(locale, {
  timeZone: zone,
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const shortDateFormat = new Intl.DateTimeFormat(locale, { timeZone: zone, month: "short", day: "numeric" });
const slotDateFormat = new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" });
const dayKeyFormat = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" });

// focusDate: a day the last turn was about (a chosen day, a clash, an event to delete), which
// the agenda moves to once the turn is done.
const state = { threads: [], threadId: null, busy: false, messageCount: 0, focusDate: null, overLimit: false };
const ISO_DATE = /^(\d{4}-\d{2}-\d{2})/;

// ---------------------------------------------------------------- small helpers

function t(key) {
  return strings[key] ?? key;
}

/** A string with {name} holes filled. */
function tf(key, values) {
  return t(key).replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** Build an element. Children that are strings become text nodes: data is never parsed as HTML. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) {
      continue;
    }
    if (key === "class") {
      node.className = value;
    } else if (key === "text") {
      node.textContent = value;
    } else if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else {
      node.setAttribute(key, value === true ? "" : String(value));
    }
  }
  for (const child of children) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child);
    }
  }
  return node;
}

function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

class HttpError extends Error {
  constructor(status, detail) {
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
  }
}

async function detailOf(response) {
  try {
    const body = await response.json();
    if (typeof body.detail === "string") {
      return body.detail;
    }
    return Object.values(body).flat().filter((item) => typeof item === "string").join(" ");
  } catch {
    return "";
  }
}

async function api(path, { method = "GET", body } = {}) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") {
    headers["X-CSRFToken"] = csrfToken();
  }
  if (body !== undefined) {
    headers["Content-Type"] = "application/json";
  }
  const response = await fetch(path, {
    method,
    headers,
    credentials: "same-origin",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new HttpError(response.status, await detailOf(response));
  }
  return response.status === 204 ? null : response.json();
}

function isSessionProblem(status) {
  return status === 401 || status === 403;
}

function formatDate(iso) {
  if (typeof iso !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) {
    return String(iso);
  }
  const [year, month, day] = iso.split("-").map(Number);
  return slotDateFormat.format(new Date(Date.UTC(year, month - 1, day)));
}

/**
 * A date slot for display. The server may still hold the symbol the model wrote ("D+1", "W5",
 * "WE"): show the day it names. Display only; the server resolves the real date.
 */
function formatDateSlot(value) {
  const text = String(value);
  const today = todayIn(zone, app.dataset.today);
  let match = text.match(/^D([+-]\d+)$/);
  if (match) {
    return formatDate(addDays(today, Number(match[1])));
  }
  match = text.match(/^W([1-7])([+-]\d+)?$/);
  if (match) {
    return formatDate(addDays(mondayOf(today), Number(match[1]) - 1 + 7 * Number(match[2] || 0)));
  }
  match = text.match(/^(\d{2})-(\d{2})$/);
  if (match) {
    return formatDate(`${today.slice(0, 4)}-${match[1]}-${match[2]}`);
  }
  return formatDate(text);
}

function formatStamp(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) {
    return "";
  }
  const sameDay = dayKeyFormat.format(date) === dayKeyFormat.format(new Date());
  return (sameDay ? timeFormat : dateTimeFormat).format(date);
}

function scrollToEnd() {
  messagesBox.scrollTop = messagesBox.scrollHeight;
}

// ---------------------------------------------------------------- banner, typing, busy

function showStandIn() {
  banner.hidden = false;
}

function showTyping(label) {
  typingLabel.textContent = label || t("typing");
  typing.hidden = false;
}

function hideTyping() {
  typing.hidden = true;
}

function setBusy(busy) {
  state.busy = busy;
  sendButton.disabled = busy || state.overLimit;
  messagesBox.setAttribute("aria-busy", String(busy));
  for (const button of messagesBox.querySelectorAll(".card:not(.card-answered) button")) {
    button.disabled = busy;
  }
}

function showNotice(text, { link } = {}) {
  const notice = el("p", { class: "notice", role: "alert", "data-testid": "notice" }, text);
  if (link) {
    notice.append(" ", el("a", { href: link.href }, link.text));
  }
  messagesBox.append(notice);
  scrollToEnd();
}

function sessionNotice() {
  showNotice(t("error_session"), { link: { href: `${loginUrl}?next=/`, text: t("sign_in_title") } });
}

// ---------------------------------------------------------------- threads

function threadTitle(thread) {
  return thread.title || t("untitled_thread");
}

function renderThreads() {
  threadList.replaceChildren(
    ...state.threads.map((thread) => {
      const current = thread.id === state.threadId;
      const button = el(
        "button",
        {
          type: "button",
          class: "thread-item",
          "aria-current": current ? "true" : "false",
          "data-testid": "thread-item",
          "data-thread-id": thread.id,
          onclick: () => selectThread(thread.id),
        },
        el("span", { class: "thread-title", text: threadTitle(thread) }),
        el("span", { class: "thread-time", text: formatStamp(thread.last_activity_at) }),
      );
      return el("li", {}, button);
    }),
  );
  threadEmpty.hidden = state.threads.length > 0;
  const current = state.threads.find((thread) => thread.id === state.threadId);
  chatTitle.textContent = current ? threadTitle(current) : t("new_thread");
}

async function loadThreads() {
  try {
    const data = await api("/api/threads/?limit=100");
    state.threads = Array.isArray(data) ? data : data.results || [];
  } catch (error) {
    if (error instanceof HttpError && isSessionProblem(error.status)) {
      sessionNotice();
    }
    return false;
  }
  renderThreads();
  return true;
}

function setThreadsOpen(open) {
  threadsPanel.dataset.open = String(open);
  threadsToggle.setAttribute("aria-expanded", String(open));
  if (open) {
    newThreadButton.focus();
  }
}

async function selectThread(threadId) {
  setThreadsOpen(false);
  if (state.busy) {
    return;
  }
  state.threadId = threadId;
  history.replaceState(null, "", `#thread-${threadId}`);
  renderThreads();
  await loadMessages(threadId);
  input.focus();
}

async function newThread() {
  setThreadsOpen(false);
  if (state.busy) {
    return;
  }
  if (state.threadId !== null && state.messageCount === 0) {
    input.focus();
    return;
  }
  try {
    await createThread();
  } catch (error) {
    if (error instanceof HttpError && isSessionProblem(error.status)) {
      sessionNotice();
    } else {
      showNotice(t("error_action"));
    }
    return;
  }
  clearMessages();
  input.focus();
}

async function createThread() {
  const thread = await api("/api/threads/", { method: "POST", body: { title: "" } });
  state.threads = [thread, ...state.threads.filter((item) => item.id !== thread.id)];
  state.threadId = thread.id;
  history.replaceState(null, "", `#thread-${thread.id}`);
  renderThreads();
  return thread;
}

// ---------------------------------------------------------------- messages

function clearMessages() {
  state.messageCount = 0;
  messagesBox.replaceChildren(emptyState);
  emptyState.hidden = false;
}

async function loadMessages(threadId) {
  messagesBox.replaceChildren(el("p", { class: "muted empty-state", text: t("loading") }));
  let messages;
  try {
    messages = await api(`/api/threads/${threadId}/messages/`);
  } catch (error) {
    messagesBox.replaceChildren();
    if (error instanceof HttpError && isSessionProblem(error.status)) {
      sessionNotice();
    } else {
      showNotice(t("load_error"));
    }
    return;
  }
  if (threadId !== state.threadId) {
    return;
  }
  clearMessages();
  for (const message of messages) {
    appendMessage(message);
  }
  scrollToEnd();
}

function messageNode(message) {
  const mine = message.role === "user";
  const node = el(
    "article",
    {
      class: `msg ${mine ? "msg-user" : "msg-assistant"}`,
      "data-testid": mine ? "user-message" : "assistant-message",
      "data-message-id": message.id,
    },
    el("div", { class: "bubble", text: bubbleText(message) }),
  );
  if (!mine) {
    const card = renderCard(message.card, message.id);
    if (card) {
      node.append(card);
    }
  }
  const who = mine ? t("you") : t("assistant");
  node.append(el("div", { class: "msg-meta", text: `${who} · ${formatStamp(message.created_at)}` }));
  return node;
}

/**
 * The delete card asks with its buttons, so the question's typed-answer hint ("(yes / no)") is
 * not repeated above it: one question, one place to answer. Typing "yes" still works.
 */
const YES_NO_HINT = /\s*[(（]\s*(?:yes\s*\/\s*no|是\s*\/\s*否)\s*[)）]\s*$/i;

function bubbleText(message) {
  const text = String(message.text ?? "");
  if (message.role === "assistant" && message.card?.type === "confirmation" && message.card?.kind === "delete_event") {
    return text.replace(YES_NO_HINT, "");
  }
  return text;
}

function appendMessage(message) {
  emptyState.hidden = true;
  state.messageCount += 1;
  const node = messageNode(message);
  messagesBox.append(node);
  return node;
}

/** The model was down or the turn broke: the server kept the message and said so honestly. */
function isFailedTurn(message) {
  const flags = Array.isArray(message?.flags) ? message.flags : [];
  return flags.some((flag) => flag === "internal_error" || String(flag).startsWith("model_error"));
}

function retryButton(onRetry) {
  return el(
    "button",
    {
      type: "button",
      class: "button button-small button-danger",
      "data-testid": "retry",
      onclick: () => {
        if (!state.busy) {
          onRetry();
        }
      },
    },
    t("retry"),
  );
}

function offerRetry(userNode, assistantNode, text) {
  assistantNode.classList.add("msg-error");
  userNode.classList.add("msg-failed");
  const row = el("div", { class: "msg-failure", role: "alert" }, el("p", { text: `${t("failed")}: ${t("error_model")}` }));
  row.append(
    retryButton(() => {
      // Both messages stay in the archive; the retry is a new message.
      row.remove();
      userNode.classList.remove("msg-failed");
      sendMessage(text);
    }),
  );
  userNode.querySelector(".msg-meta").after(row);
}

function appendTurn(payload) {
  const userNode = payload.user_message ? appendMessage(payload.user_message) : null;
  const assistantNode = payload.assistant_message ? appendMessage(payload.assistant_message) : null;
  if (userNode && assistantNode && isFailedTurn(payload.assistant_message)) {
    offerRetry(userNode, assistantNode, payload.user_message.text);
  }
  if (payload.provider === "offline") {
    showStandIn();
  }
  const card = payload.assistant_message?.card;
  const about =
    card?.type === "confirmation" || card?.type === "scope_choice" ? card.event?.date : card?.conflicts?.[0]?.date;
  if (typeof about === "string" && ISO_DATE.test(about)) {
    state.focusDate = about.slice(0, 10);
  }
  scrollToEnd();
}

function pendingUserNode(text) {
  emptyState.hidden = true;
  const node = el(
    "article",
    { class: "msg msg-user msg-pending", "data-testid": "user-message" },
    el("div", { class: "bubble", text }),
    el("div", { class: "msg-meta", text: t("sending") }),
  );
  messagesBox.append(node);
  scrollToEnd();
  return node;
}

function editButton(node, text) {
  return el(
    "button",
    {
      type: "button",
      class: "button button-small",
      "data-testid": "edit-message",
      onclick: () => {
        // The text goes back to the composer, where the counter says what to change.
        node.remove();
        input.value = text;
        updateLimit();
        input.focus();
      },
    },
    t("edit_message"),
  );
}

function markFailed(node, text, problem, detail = "", { refused = false, quickReplyFor = null } = {}) {
  node.classList.remove("msg-pending");
  node.classList.add("msg-failed");
  node.dataset.testid = "failed-message";
  // A message the server refused (too long, malformed) would be refused again: no Retry for it.
  const action = refused
    ? editButton(node, text)
    : retryButton(() => {
        node.remove();
        sendMessage(text, { quickReplyFor });
      });
  // The server's own words (in English) stay available on hover, for whoever reports the problem.
  const failure = el(
    "div",
    { class: "msg-failure", role: "alert" },
    el("p", { text: `${t(refused ? "refused" : "failed")}: ${problem}`, title: detail || null }),
    action,
  );
  if (problem === t("error_session")) {
    failure.append(el("a", { href: `${loginUrl}?next=/` }, t("sign_in_title")));
  }
  node.querySelector(".msg-meta").replaceWith(failure);
  scrollToEnd();
}

// ---------------------------------------------------------------- sending, over SSE

/** Server-Sent Events from a fetch body (EventSource cannot POST). */
async function* readEvents(body) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) {
      break;
    }
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
    let boundary;
    while ((boundary = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      let event = "message";
      const data = [];
      for (const line of block.split("\n")) {
        if (line.startsWith("event:")) {
          event = line.slice(6).trim();
        } else if (line.startsWith("data:")) {
          data.push(line.slice(5).replace(/^ /, ""));
        }
      }
      if (data.length) {
        let parsed = {};
        try {
          parsed = JSON.parse(data.join("\n"));
        } catch {
          parsed = {};
        }
        yield { event, data: parsed };
      }
    }
  }
}

function onStatus(data) {
  if (data.stand_in) {
    showStandIn();
  }
  const labels = { thinking: t("status_thinking"), tool: t("status_tool") };
  showTyping(labels[data.stage] || t("typing"));
}

// Answers that say the message itself is not acceptable: sending it again cannot succeed.
const REFUSED_STATUSES = new Set([400, 404, 413, 422]);

async function streamTurn(threadId, text, quickReplyFor) {
  let response;
  const body = quickReplyFor ? { text, quick_reply_for: quickReplyFor } : { text };
  try {
    response = await fetch(`/api/threads/${threadId}/messages/stream/`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
    });
  } catch {
    return { problem: t("error_network") };
  }
  if (!response.ok) {
    if (isSessionProblem(response.status)) {
      return { problem: t("error_session") };
    }
    const detail = await detailOf(response);
    return { problem: detail || t("error_generic"), refused: REFUSED_STATUSES.has(response.status) };
  }
  let payload = null;
  let problem = null;
  let detail = "";
  try {
    for await (const { event, data } of readEvents(response.body)) {
      if (event === "status") {
        onStatus(data);
      } else if (event === "reply") {
        payload = data;
      } else if (event === "error") {
        problem = t("error_generic");
        detail = typeof data.detail === "string" ? data.detail : "";
      } else if (event === "done") {
        break;
      }
    }
  } catch {
    // The connection broke mid-stream: the reply may exist on the server, but not here.
    return { problem: t("error_network") };
  }
  if (payload) {
    return { payload };
  }
  return { problem: problem || t("error_network"), detail };
}

async function sendMessage(rawText, { quickReplyFor = null } = {}) {
  const text = rawText.trim();
  if (!text || state.busy) {
    return;
  }
  setBusy(true);
  if (state.threadId === null) {
    try {
      await createThread();
    } catch (error) {
      setBusy(false);
      const node = pendingUserNode(text);
      const session = error instanceof HttpError && isSessionProblem(error.status);
      markFailed(node, text, session ? t("error_session") : t("error_network"), "", { quickReplyFor });
      return;
    }
  }
  const threadId = state.threadId;
  const node = pendingUserNode(text);
  showTyping(t("typing"));
  const outcome = await streamTurn(threadId, text, quickReplyFor);
  hideTyping();
  setBusy(false);
  if (threadId === state.threadId) {
    if (outcome.payload) {
      node.remove();
      appendTurn(outcome.payload);
    } else {
      markFailed(node, text, outcome.problem, outcome.detail, { refused: outcome.refused, quickReplyFor });
    }
  }
  afterTurn();
}

function afterTurn() {
  loadThreads();
  refreshCardStates();
  if (state.focusDate) {
    agenda.show(state.focusDate);
    state.focusDate = null;
  } else {
    agenda.refresh();
  }
}

// ---------------------------------------------------------------- cards

/** A titled part of a card: its heading, then what it holds. */
function appendSection(node, titleKey, body) {
  node.append(el("p", { class: "card-section-title", text: t(titleKey) }), body);
}

function renderCard(card, messageId) {
  if (!card || typeof card !== "object") {
    return null;
  }
  let node = null;
  if (card.type === "pending_command") {
    node = pendingCard(card);
  } else if (card.type === "scope_choice") {
    node = scopeCard(card, messageId);
  } else if (card.type === "confirmation") {
    node = confirmationCard(card);
  }
  // The server says whether the card's question is still open (answered by any path, or stale).
  if (node && card.open === false) {
    markClosed(node);
  }
  return node;
}

const SLOT_ORDER = ["title", "date", "time", "duration_minutes"];

function slotValue(name, value) {
  if (Array.isArray(value)) {
    return value.map((item) => slotValue(name, item)).join(", ");
  }
  if (name === "date") {
    return formatDateSlot(value);
  }
  if (name === "duration_minutes") {
    return `${value} ${t("minutes")}`;
  }
  return typeof value === "object" && value !== null ? JSON.stringify(value) : String(value);
}

function quickReplyLabel(reply) {
  const text = String(reply.text ?? "");
  const match = text.match(/^(\d{4}-\d{2}-\d{2})(?: (\d{2}:\d{2}))?$/);
  if (match) {
    return match[2] ? `${formatDate(match[1])} ${match[2]}` : formatDate(match[1]);
  }
  return String(reply.label || text);
}

function eventLine(event) {
  if (!event || typeof event !== "object") {
    return "";
  }
  const when = [event.date ? formatDate(event.date) : "", event.start && event.end ? `${event.start}–${event.end}` : event.start || ""];
  return when.filter(Boolean).join(" · ");
}

function pendingCard(card) {
  const known = card.known && typeof card.known === "object" ? card.known : {};
  const missing = Array.isArray(card.missing) ? card.missing : [];
  const names = [...SLOT_ORDER.filter((name) => name in known || missing.includes(name))];
  for (const name of [...Object.keys(known), ...missing]) {
    if (!names.includes(name)) {
      names.push(name);
    }
  }
  const closed = card.open === false || card.command_open === false;
  const statusLabel = closed ? t("card_closed") : strings[`status_${card.status}`];
  const node = el(
    "section",
    {
      class: "card card-pending",
      "data-testid": "pending-card",
      "data-command-id": card.command_id || null,
      "aria-label": t("card_pending_title"),
    },
    el(
      "h3",
      {},
      el("span", { text: t("card_pending_title") }),
      statusLabel ? el("span", { class: "chip", "data-testid": "card-status", text: statusLabel }) : null,
    ),
  );
  const slots = el("dl", { class: "slots" });
  for (const name of names) {
    slots.append(el("dt", { text: t(`slot_${name}`) }));
    // A slot can be both known and missing: "this weekend" is known, but which day is not yet.
    if (!missing.includes(name) && known[name] !== null && known[name] !== undefined) {
      slots.append(el("dd", { "data-slot": name, text: slotValue(name, known[name]) }));
    } else {
      slots.append(el("dd", { class: "slot-missing", "data-slot": name, text: t("card_missing") }));
    }
  }
  node.append(slots);

  const conflicts = Array.isArray(card.conflicts) ? card.conflicts : [];
  if (conflicts.length) {
    const items = conflicts.map((event) => el("li", {}, el("strong", { text: String(event.title ?? "") }), ` · ${eventLine(event)}`));
    appendSection(node, "card_conflicts", el("ul", { class: "conflicts" }, ...items));
  }

  const replies = Array.isArray(card.quick_replies) ? card.quick_replies : [];
  if (replies.length) {
    const buttons = replies.map((reply) =>
      el(
        "button",
        {
          type: "button",
          class: "button quick-reply",
          "data-testid": "quick-reply",
          "data-text": reply.text,
          onclick: () => {
            if (state.busy) {
              return;
            }
            answered(node);
            const day = String(reply.text).match(ISO_DATE);
            state.focusDate = day ? day[1] : null;
            // The server checks that this card's request is still the open one.
            sendMessage(String(reply.text), { quickReplyFor: card.command_id || null });
          },
        },
        quickReplyLabel(reply),
      ),
    );
    appendSection(node, "card_choose", el("div", { class: "quick-replies" }, ...buttons));
  }

  if (card.command_id) {
    node.append(
      el(
        "div",
        { class: "card-actions" },
        el(
          "button",
          {
            type: "button",
            class: "button button-ghost button-small",
            "data-testid": "card-cancel",
            "aria-label": t("card_cancel_label"),
            onclick: () => cardAction(node, `/api/commands/${encodeURIComponent(card.command_id)}/cancel/`),
          },
          t("card_cancel"),
        ),
      ),
    );
  }
  if (closed) {
    markClosed(node);
  }
  return node;
}

/** A card whose request is finished or set aside: shown, but it can no longer act. */
function markClosed(card) {
  if (card.classList.contains("card-closed")) {
    return;
  }
  answered(card);
  card.classList.add("card-closed");
  card.dataset.state = "closed";
  // A request's card is finished or set aside; a question's card (delete, confirm, which ones) answered.
  const request = card.classList.contains("card-pending");
  const chip = card.querySelector("[data-testid='card-status']");
  const label = el("span", {
    class: "chip chip-closed",
    "data-testid": "card-status",
    text: t(request ? "card_closed" : "card_answered"),
  });
  if (chip) {
    chip.replaceWith(label);
  } else {
    card.querySelector("h3").append(label);
  }
  if (!card.querySelector(".card-closed-hint")) {
    card.append(el("p", { class: "card-foot card-closed-hint", text: t(request ? "card_closed_hint" : "card_answered_hint") }));
  }
}

/**
 * After a turn, the server says which listed cards can still be answered; the others go stale on
 * screen, exactly as they would after a reload.
 */
async function refreshCardStates() {
  const threadId = state.threadId;
  const live = messagesBox.querySelectorAll(".card:not(.card-closed)");
  if (threadId === null || !live.length) {
    return;
  }
  let messages;
  try {
    messages = await api(`/api/threads/${threadId}/messages/`);
  } catch {
    return; // the server checks every tap anyway
  }
  if (threadId !== state.threadId) {
    return;
  }
  for (const message of messages) {
    if (message.card && (message.card.open === false || message.card.command_open === false)) {
      const card = messagesBox.querySelector(`[data-message-id="${Number(message.id)}"] .card`);
      if (card) {
        markClosed(card);
      }
    }
  }
}

function confirmationCard(card) {
  const destructive = card.kind === "delete_event";
  const title = destructive
    ? t("confirm_delete_card_title")
    : card.kind === "write"
      ? t("confirm_write_title")
      : t("confirm_council_title");
  const event = card.event && typeof card.event === "object" ? card.event : null;
  const eventId = `confirmation-${card.confirmation_id}-event`;
  const node = el(
    "section",
    {
      class: `card card-confirm${destructive ? "" : " card-council"}`,
      "data-testid": "confirmation-card",
      "aria-label": destructive ? t("confirm_delete_title") : title,
    },
    el("h3", {}, el("span", { text: title })),
  );
  if (event) {
    node.append(
      el("div", { class: "card-event", id: eventId }, el("strong", { text: String(event.title ?? "") }), el("span", { text: eventLine(event) })),
    );
  }
  if (card.expires_at) {
    node.append(el("p", { class: "card-foot", text: `${t("confirm_expires")} ${formatStamp(card.expires_at)}` }));
  }
  const decide = (decision) =>
    cardAction(node, `/api/confirmations/${encodeURIComponent(card.confirmation_id)}/`, {
      decision,
      action_digest: card.action_digest,
    });
  node.append(
    el(
      "div",
      { class: "card-actions" },
      el(
        "button",
        { type: "button", class: "button", "data-testid": "confirmation-keep", onclick: () => decide("keep") },
        t("keep"),
      ),
      el(
        "button",
        {
          type: "button",
          class: `button ${destructive ? "button-danger-solid" : "button-primary"}`,
          "data-testid": "confirmation-confirm",
          "aria-describedby": event ? eventId : null,
          onclick: () => decide("confirm"),
        },
        t("confirm"),
      ),
    ),
  );
  return node;
}

/** A repeating event: only this one, this and the following, or all. The server answers the
 * button in code (the question's own call with that scope) while it is still the last question. */
function scopeCard(card, messageId) {
  const event = card.event && typeof card.event === "object" ? card.event : null;
  const deleting = card.action === "delete";
  const title = deleting ? t("scope_delete_title") : t("scope_change_title");
  const node = el(
    "section",
    { class: "card card-scope", "data-testid": "scope-card", "aria-label": title },
    el("h3", {}, el("span", { text: title })),
  );
  if (event) {
    node.append(
      el("div", { class: "card-event" }, el("strong", { text: String(event.title ?? "") }), el("span", { text: eventLine(event) })),
    );
  }
  const choices = Array.isArray(card.choices) ? card.choices : [];
  const labels = { this: t("scope_this"), following: t("scope_following"), all: t("scope_all") };
  node.append(
    el(
      "div",
      { class: "card-actions" },
      ...choices
        .filter((scope) => scope in labels)
        .map((scope) =>
          el(
            "button",
            {
              type: "button",
              class: `button${scope === "this" ? " button-primary" : ""}`,
              "data-testid": "scope-choice",
              "data-scope": scope,
              onclick: () =>
                cardAction(node, `/api/threads/${encodeURIComponent(state.threadId)}/scope/`, {
                  message_id: Number(messageId),
                  scope,
                }),
            },
            labels[scope],
          ),
        ),
    ),
  );
  return node;
}

function answered(card) {
  card.classList.add("card-answered");
  for (const button of card.querySelectorAll("button")) {
    button.disabled = true;
  }
}

/** A card button: the server decides (an old card may be stale); show its answer, whatever it is. */
async function cardAction(card, path, body) {
  if (state.busy) {
    return;
  }
  answered(card);
  setBusy(true);
  showTyping(t("typing"));
  try {
    const payload = await api(path, { method: "POST", body: body ?? {} });
    appendTurn(payload);
  } catch (error) {
    card.classList.remove("card-answered");
    for (const button of card.querySelectorAll("button")) {
      button.disabled = false;
    }
    if (error instanceof HttpError && isSessionProblem(error.status)) {
      sessionNotice();
    } else if (error instanceof HttpError && error.detail) {
      showNotice(error.detail);
    } else {
      showNotice(t("error_action"));
    }
  } finally {
    hideTyping();
    setBusy(false);
    afterTurn();
  }
}

// ---------------------------------------------------------------- wiring

const agenda = new Agenda(document.getElementById("agenda"), {
  today: todayIn(zone, app.dataset.today),
  zone,
  locale,
  strings,
  request: (path) => api(path),
});

/** Characters as the server counts them: code points of the trimmed text. */
function charCount(text) {
  return [...text.replaceAll("\0", "").trim()].length;
}

function updateLimit() {
  const count = charCount(input.value);
  const over = count > maxChars;
  state.overLimit = over;
  sendButton.disabled = state.busy || over;
  input.setAttribute("aria-invalid", over ? "true" : "false");
  limitBox.hidden = count < maxChars * LIMIT_WARNING_SHARE;
  limitBox.classList.toggle("composer-limit-over", over);
  const figures = { count: numberFormat.format(count), limit: numberFormat.format(maxChars) };
  limitCount.textContent = tf(over ? "limit_over" : "limit_count", figures);
  trimButton.hidden = !over;
  trimButton.textContent = tf("limit_trim", figures);
}

trimButton.addEventListener("click", () => {
  input.value = [...input.value.replaceAll("\0", "").trim()].slice(0, maxChars).join("");
  updateLimit();
  input.focus();
});

input.addEventListener("input", updateLimit);

composer.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = input.value;
  updateLimit();
  if (!text.trim() || state.busy || state.overLimit) {
    return;
  }
  input.value = "";
  updateLimit();
  sendMessage(text);
});

input.addEventListener("keydown", (event) => {
  // Enter sends; Shift+Enter is a new line; Enter that confirms an IME candidate (pinyin) does not send.
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
    event.preventDefault();
    composer.requestSubmit();
  }
});

newThreadButton.addEventListener("click", newThread);
threadsToggle.addEventListener("click", () => setThreadsOpen(threadsPanel.dataset.open !== "true"));
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && threadsPanel.dataset.open === "true") {
    setThreadsOpen(false);
    threadsToggle.focus();
  }
});

/**
 * The first visit: the person's zone is still the site's default, so the browser's own zone is
 * sent once (the server takes it only in that case) and the page is drawn again in it.
 * Settings says where the zone came from.
 */
async function adoptBrowserZone() {
  if (app.dataset.timeZoneSource !== "default") {
    return false;
  }
  let browserZone = "";
  try {
    browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return false;
  }
  if (!browserZone) {
    return false;
  }
  try {
    const response = await fetch(app.dataset.browserZoneUrl, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": csrfToken() },
      body: new URLSearchParams({ time_zone: browserZone }),
    });
    if (!response.ok) {
      return false;
    }
    const answer = await response.json();
    if (answer.time_zone !== zone) {
      location.reload();
      return true;
    }
  } catch {
    // The default zone stays; Settings says so.
  }
  return false;
}

async function start() {
  if (await adoptBrowserZone()) {
    return;
  }
  if (app.dataset.standIn === "true") {
    showStandIn();
  }
  agenda.refresh();
  await loadThreads();
  const fromHash = Number((location.hash.match(/^#thread-(\d+)$/) || [])[1]);
  const chosen = state.threads.find((thread) => thread.id === fromHash) || state.threads[0];
  if (chosen) {
    await selectThread(chosen.id);
  } else {
    clearMessages();
    input.focus();
  }
}

start();
