/* The match page: the table as this seat (or a spectator) sees it, the seat's moves, the story,
   and live updates. */
"use strict";

/* First, before the page is even drawn: a token in the address's fragment moves into this
   tab's session storage and out of the address bar (and so out of the history). */
const MATCH = decodeURIComponent(window.location.pathname.split("/").filter(Boolean)[1] || "");
const WANTED_SEAT = (function takeFragment() {
  const fragment = window.location.hash.replace(/^#/, "");
  if (!fragment) return null;
  const fields = new URLSearchParams(fragment);
  window.history.replaceState(null, "", window.location.pathname + window.location.search);
  const token = fields.get("token");
  if (token) cardgames.keepToken(MATCH, token);
  const seat = fields.get("join");
  return seat !== null && /^\d{1,3}$/.test(seat) ? Number(seat) : null;
})();

(function () {
  const { api, element, notice, ApiError } = cardgames;
  /** Moves in a group beyond which the group is split by what its moves name next. */
  const SPLIT = 12;
  const base = "/api/matches/" + encodeURIComponent(MATCH);
  let token = cardgames.readToken(MATCH);
  let seen = null; // the last match document
  let story = []; // every event told so far, in order
  let pictureVersion = -1;
  let socket = null;
  let retry = 0;
  let busy = false; // a move is being sent
  let asking = null; // the refresh under way, if any
  let again = false; // news came in during a refresh: ask once more after it
  let shownMoves = null; // what the moves shown are of: the version, the status and the seat

  function byId(id) {
    return document.getElementById(id);
  }

  function seatName(seat) {
    const entry = seen && seen.seats[seat];
    if (!entry) return "seat " + seat;
    const label = entry.label ? " (" + entry.label + ")" : "";
    if (entry.kind === "bot") return "bot " + (entry.name || "") + label;
    return (entry.taken ? entry.name || "a person" : "free seat " + seat) + label;
  }

  // --- asking the server ------------------------------------------------------------------

  /** The match as this page's seat sees it, and the version its events start after (null:
      all of them). */
  async function look(full) {
    const since = !full && seen ? seen.version : null;
    const query = since === null ? "" : "?since=" + since;
    try {
      return [await api("GET", base + query, undefined, token), since];
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 403 && token) {
        // A token that is not this match's (an old tab): the page goes on as a spectator.
        cardgames.dropToken(MATCH);
        token = null;
        notice("This tab's seat is not one of this match's: you are watching.");
        connect();
        return [await api("GET", base), null];
      }
      throw failure;
    }
  }

  async function refresh(full) {
    if (asking) {
      again = true;
      return asking;
    }
    asking = (async () => {
      do {
        again = false;
        try {
          const [doc, since] = await look(full || !seen);
          show(doc, since);
          await drawTable();
        } catch (failure) {
          notice("The match could not be read: " + failure.message);
        }
        full = false;
      } while (again);
    })();
    try {
      await asking;
    } finally {
      asking = null;
    }
  }

  async function drawTable() {
    if (!seen || seen.version === pictureVersion) return;
    const version = seen.version;
    const headers = token ? { Authorization: "Bearer " + token } : {};
    const answer = await fetch(base + "/picture", {
      headers: headers,
      cache: "no-store",
      credentials: "omit",
    });
    if (!answer.ok) return;
    const text = await answer.text();
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = parsed.documentElement;
    if (svg.nodeName !== "svg" || parsed.getElementsByTagName("parsererror").length) return;
    const picture = document.importNode(svg, true);
    picture.setAttribute("role", "img");
    const title = picture.querySelector("title");
    if (title) picture.setAttribute("aria-label", title.textContent);
    byId("table").replaceChildren(picture);
    pictureVersion = version;
  }

  // --- the live connection ---------------------------------------------------------------

  function connect() {
    if (socket) {
      socket.onclose = null;
      socket.close();
      socket = null;
    }
    if (seen && seen.status === "over") return;
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const live = new WebSocket(scheme + window.location.host + base + "/live");
    socket = live;
    live.onopen = () => {
      live.send(JSON.stringify(token ? { token: token } : {}));
    };
    live.onmessage = (message) => {
      let news = null;
      try {
        news = JSON.parse(message.data);
      } catch (failure) {
        return;
      }
      if (news && typeof news.version === "number") {
        retry = 0;
        if (!seen || news.version !== seen.version || news.status !== seen.status) refresh();
      }
    };
    live.onclose = (closed) => {
      if (socket !== live) return;
      socket = null;
      if (seen && seen.status === "over") return;
      if (closed.code === 4403 && token) {
        cardgames.dropToken(MATCH);
        token = null;
      }
      // Reconnect, waiting longer each time; the page asks for what it missed once back.
      const wait = Math.min(10000, 500 * 2 ** retry);
      retry += 1;
      window.setTimeout(() => {
        connect();
        refresh();
      }, wait);
    };
  }

  // --- what the page shows ---------------------------------------------------------------

  /** Show a match document whose events are those after version ``since`` (null: all). An
      answer older than what the page shows already is left out. */
  function show(doc, since) {
    if (seen && doc.version < seen.version && doc.status !== "over") return;
    story =
      since === null
        ? doc.events.slice()
        : story.filter((entry) => entry.version <= since).concat(doc.events);
    seen = doc;
    byId("title").textContent = doc.game + " · match " + doc.match;
    window.document.title = doc.game + " · cardgames";
    showStatus(doc);
    showMoves(doc);
    showSeats(doc);
    showJoin(doc);
    showInvites(doc);
    showResult(doc);
    showStory();
    if (doc.status === "over" && socket) {
      socket.onclose = null;
      socket.close();
      socket = null;
    }
  }

  function showStatus(doc) {
    const status = byId("status");
    status.dataset.status = doc.status;
    status.dataset.version = String(doc.version);
    let text;
    if (doc.status === "waiting") {
      const free = doc.seats.filter((seat) => !seat.taken).length;
      text = "Waiting for " + free + (free === 1 ? " player" : " players") + " to join.";
    } else if (doc.status === "over") {
      text = "The match is over. " + (doc.outcome ? doc.outcome.reason : "");
    } else if (doc.seat !== null && doc.current_player === doc.seat) {
      text = "Your move.";
    } else if (doc.current_player === null) {
      text = "Someone is deciding.";
    } else {
      text = seatName(doc.current_player) + " is to move.";
    }
    if (doc.seat !== null) text = "You are " + seatName(doc.seat) + ". " + text;
    else text = "You are watching. " + text;
    status.textContent = text;
    status.classList.toggle("your-turn", doc.seat !== null && doc.current_player === doc.seat && doc.status === "playing");
  }

  /** The moves, grouped by what they do (their first word), and a big group again by what
      they name next (the unit thrown, the card played, the square left). */
  function groups(moves) {
    const byVerb = new Map();
    for (const move of moves) {
      const words = move.notation.split(" ");
      const verb = words[0];
      if (!byVerb.has(verb)) byVerb.set(verb, []);
      byVerb.get(verb).push({ move: move, words: words });
    }
    const out = [];
    for (const [verb, entries] of byVerb) {
      const parts = new Map();
      for (const entry of entries) {
        const key = entry.words.length > 2 ? entry.words[1] : "";
        if (!parts.has(key)) parts.set(key, []);
        parts.get(key).push(entry);
      }
      const split = entries.length > SPLIT && parts.size > 1 && parts.size <= entries.length / 2;
      if (!split) {
        out.push({ title: verb, entries: entries, skip: 1 });
      } else {
        for (const [key, part] of parts) out.push({ title: verb + " " + key, entries: part, skip: 2 });
      }
    }
    return out;
  }

  function showMoves(doc) {
    const panel = byId("moves-panel");
    const list = byId("moves");
    // The same answer again (news and a refresh crossing) leaves the buttons as they are: a
    // button replaced under the pointer would lose the click being made on it.
    const key = JSON.stringify([doc.version, doc.status, doc.seat, doc.current_player]);
    if (key === shownMoves) return;
    shownMoves = key;
    if (doc.seat === null) {
      // A spectator's page offers no moves.
      panel.hidden = true;
      list.replaceChildren();
      return;
    }
    panel.hidden = false;
    const moves = doc.status === "playing" ? doc.legal_moves : [];
    if (!moves.length) {
      const why =
        doc.status === "over"
          ? "The match is over."
          : doc.status === "waiting"
            ? "The match starts once every seat is taken."
            : "Not your move: the page follows the match by itself.";
      list.replaceChildren(element("p", { class: "hint", text: why }));
      return;
    }
    const hadFocus = list.contains(window.document.activeElement);
    list.replaceChildren(
      ...groups(moves).map((group) => {
        const buttons = group.entries.map(({ move, words }) => {
          const rest = words.slice(group.skip).join(" ");
          return element("button", {
            type: "button",
            class: "move",
            "data-move": move.notation,
            "aria-label": move.notation,
            title: move.notation,
            // While a move is on its way, news may bring the next turn's moves: they wait for
            // its answer, so that no click is taken and then dropped.
            disabled: busy,
            text: rest || move.notation,
            onclick: () => play(move.notation),
          });
        });
        const heading = element("h3", { text: group.title });
        return element("div", { class: "group", role: "group", "aria-label": group.title }, heading, element("div", { class: "buttons" }, ...buttons));
      }),
    );
    if (hadFocus || doc.current_player === doc.seat) {
      const first = list.querySelector("button");
      if (first && (hadFocus || window.document.activeElement === window.document.body)) first.focus({ preventScroll: true });
    }
  }

  function showSeats(doc) {
    byId("seats").replaceChildren(
      ...doc.seats.map((seat) => {
        const marks = [];
        if (seat.seat === doc.seat) marks.push("you");
        if (doc.status === "playing" && seat.seat === doc.current_player) marks.push("to move");
        return element(
          "li",
          { class: marks.includes("to move") ? "current" : null },
          seatName(seat.seat),
          marks.length ? element("span", { class: "mark", text: " — " + marks.join(", ") }) : null,
        );
      }),
    );
  }

  function showJoin(doc) {
    const panel = byId("join-panel");
    const free = doc.seats.filter((seat) => seat.kind === "human" && !seat.taken);
    if (token || doc.status !== "waiting" || !free.length) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    const name = byId("join-name");
    if (!name.value) name.value = cardgames.rememberedName();
    byId("join-seats").replaceChildren(
      ...free.map((seat) => {
        const button = element("button", {
          type: "button",
          class: "primary",
          "data-join": seat.seat,
          text: "Join as " + seatName(seat.seat),
          onclick: () => join(seat.seat),
        });
        return button;
      }),
    );
    if (WANTED_SEAT !== null) {
      const wanted = byId("join-seats").querySelector('[data-join="' + WANTED_SEAT + '"]');
      if (wanted) wanted.focus();
    }
  }

  function showInvites(doc) {
    const panel = byId("invite-panel");
    const free = doc.seats.filter((seat) => seat.kind === "human" && !seat.taken);
    if (!token || doc.status !== "waiting" || !free.length) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    const origin = window.location.origin + window.location.pathname;
    byId("invites").replaceChildren(
      ...free.map((seat) => {
        const link = origin + "#join=" + seat.seat;
        const field = element("input", {
          type: "text",
          readonly: true,
          value: link,
          class: "invite-link",
          "data-invite": seat.seat,
          "aria-label": "Invite link for seat " + seat.seat,
        });
        field.addEventListener("focus", () => field.select());
        const copy = element("button", {
          type: "button",
          text: "Copy",
          onclick: async () => {
            field.select();
            try {
              await navigator.clipboard.writeText(link);
              notice("The invite link is copied.");
            } catch (failure) {
              notice("Select the link and copy it (the browser did not let the page copy it).");
            }
          },
        });
        return element("li", {}, element("span", { text: seatName(seat.seat) + ": " }), field, copy);
      }),
    );
  }

  function showResult(doc) {
    const panel = byId("result");
    if (doc.status !== "over") {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    const outcome = doc.outcome;
    let text = outcome ? outcome.reason : "The match is over.";
    if (outcome && outcome.winners.length) {
      const names = outcome.winners.map(seatName);
      text += " Won by " + names.join(" and ") + ".";
    } else if (outcome) {
      text += " Nobody won.";
    }
    if (doc.forfeit) text += " " + seatName(doc.forfeit.seat) + " forfeited: " + doc.forfeit.reason + ".";
    byId("outcome").textContent = text;
    const link = byId("record-link");
    link.href = base + "/record";
    link.setAttribute("download", "match-" + doc.match + ".json");
  }

  /** The story as it stands: the entries shown already stay, those that changed are
      written again. */
  function showStory() {
    const log = byId("log");
    const items = log.children;
    let same = 0;
    while (
      same < items.length &&
      same < story.length &&
      items[same].dataset.version === String(story[same].version) &&
      items[same].textContent === story[same].text
    ) {
      same += 1;
    }
    while (items.length > same) log.lastElementChild.remove();
    for (const entry of story.slice(same)) {
      log.append(element("li", { "data-version": entry.version, text: entry.text }));
    }
    if (story.length > same && log.lastElementChild) {
      log.scrollTop = log.scrollHeight;
    }
  }

  // --- acting ------------------------------------------------------------------------------

  function setBusy(value) {
    busy = value;
    for (const button of byId("moves").querySelectorAll("button")) button.disabled = value;
  }

  async function play(notation) {
    if (busy || !seen || !token) return;
    notice("");
    setBusy(true);
    const version = seen.version;
    try {
      const body = { move: notation, version: version };
      const after = await api("POST", base + "/moves?since=" + version, body, token);
      show(after, version);
      await drawTable();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        notice("The match moved on meanwhile; here it is as it stands.");
      } else {
        notice("The move was not played: " + failure.message);
      }
      await refresh(true);
    } finally {
      setBusy(false);
    }
  }

  async function join(seat) {
    notice("");
    const name = byId("join-name").value.trim();
    try {
      const joined = await cardgames.joinAndGo(MATCH, seat, name);
      token = joined.token;
      connect();
      await refresh(true);
    } catch (failure) {
      notice("That seat could not be taken: " + failure.message);
      await refresh(true);
    }
  }

  window.addEventListener("DOMContentLoaded", async () => {
    await refresh(true);
    connect();
  });
})();
