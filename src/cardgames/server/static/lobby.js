/* The lobby: the games, the matches open to join or watch, and the form that starts a match. */
"use strict";

(function () {
  const { api, element, notice } = cardgames;
  /** The bots a seat may be given, as the server names them. */
  const BOTS = [
    ["bot:greedy", "Bot: greedy (the game's heuristic)"],
    ["bot:random", "Bot: random"],
    ["bot:ismcts:200", "Bot: search (ISMCTS, 200 iterations)"],
  ];
  const REFRESH_MS = 5000;
  let games = [];

  function byId(id) {
    return document.getElementById(id);
  }

  function selectedGame() {
    return games.find((game) => game.name === byId("game").value) || games[0];
  }

  function fillPresets() {
    const game = selectedGame();
    const presets = byId("preset");
    presets.replaceChildren(
      ...game.presets.map((preset) => {
        const seats = game.preset_seats[preset].length;
        return element("option", { value: preset, text: preset + " (" + seats + " players)" });
      }),
    );
    fillSeats();
  }

  function fillSeats() {
    const game = selectedGame();
    const labels = game.preset_seats[byId("preset").value] || [];
    const list = byId("seat-choices");
    const before = Array.from(list.querySelectorAll("select")).map((choice) => choice.value);
    list.replaceChildren(
      ...labels.map((label, seat) => {
        const id = "seat-" + seat;
        const choice = element(
          "select",
          { id: id, name: id, "data-seat": seat },
          element("option", { value: "human", text: "A person" }),
          ...BOTS.map(([value, text]) => element("option", { value: value, text: text })),
        );
        choice.value = before[seat] || (seat === 0 ? "human" : "bot:greedy");
        return element(
          "li",
          {},
          element("label", { for: id, text: "Seat " + seat + " (" + label + ")" }),
          choice,
        );
      }),
    );
  }

  async function create(event) {
    event.preventDefault();
    notice("");
    const button = byId("create");
    button.disabled = true;
    const seats = Array.from(byId("seat-choices").querySelectorAll("select")).map(
      (choice) => choice.value,
    );
    const name = byId("name").value.trim();
    try {
      const made = await api("POST", "/api/matches", {
        game: byId("game").value,
        preset: byId("preset").value,
        seats: seats,
      });
      const first = seats.indexOf("human");
      if (first >= 0) await cardgames.joinAndGo(made.match, first, name);
      window.location.assign("/matches/" + encodeURIComponent(made.match));
    } catch (failure) {
      notice("The match was not started: " + failure.message);
      button.disabled = false;
    }
  }

  async function join(match, seat) {
    notice("");
    try {
      await cardgames.joinAndGo(match, seat, byId("name").value.trim());
      window.location.assign("/matches/" + encodeURIComponent(match));
    } catch (failure) {
      notice("That seat could not be taken: " + failure.message);
      refresh();
    }
  }

  function matchLine(match) {
    const seats = match.seats.map((seat) => {
      if (seat.kind === "bot") return "bot " + (seat.name || "");
      return seat.taken ? seat.name || "a person" : "free";
    });
    const actions = element("div", { class: "buttons" });
    if (match.status === "waiting") {
      for (const seat of match.seats) {
        if (seat.kind === "human" && !seat.taken) {
          actions.append(
            element("button", {
              type: "button",
              text: "Join seat " + seat.seat,
              onclick: () => join(match.match, seat.seat),
            }),
          );
        }
      }
    }
    actions.append(
      element("a", {
        class: "button",
        href: "/matches/" + encodeURIComponent(match.match),
        text: "Watch",
      }),
    );
    return element(
      "li",
      { "data-match": match.match },
      element("span", { class: "game", text: match.game }),
      element("span", { class: "state " + match.status, text: match.status }),
      element("span", { class: "who", text: seats.join(" · ") }),
      actions,
    );
  }

  let refreshing = false;
  async function refresh() {
    if (refreshing) return;
    refreshing = true;
    try {
      const [waiting, playing] = await Promise.all([
        api("GET", "/api/matches?status=waiting&limit=50"),
        api("GET", "/api/matches?status=playing&limit=50"),
      ]);
      const all = waiting.concat(playing);
      byId("matches").replaceChildren(...all.map(matchLine));
      byId("no-matches").hidden = all.length > 0;
    } catch (failure) {
      notice("The list of matches could not be read: " + failure.message);
    } finally {
      refreshing = false;
    }
  }

  async function start() {
    byId("name").value = cardgames.rememberedName();
    try {
      games = await api("GET", "/api/games");
    } catch (failure) {
      notice("The server could not be asked for its games: " + failure.message);
      return;
    }
    byId("game").replaceChildren(
      ...games.map((game) => element("option", { value: game.name, text: game.name })),
    );
    byId("games").replaceChildren(
      ...games.map((game) =>
        element(
          "li",
          {},
          element("strong", { text: game.name }),
          " for " + game.players.join(", ") + " players; presets: " + game.presets.join(", "),
        ),
      ),
    );
    byId("game").addEventListener("change", fillPresets);
    byId("preset").addEventListener("change", fillSeats);
    byId("new-match").addEventListener("submit", create);
    byId("refresh").addEventListener("click", refresh);
    fillPresets();
    await refresh();
    window.setInterval(() => {
      if (document.visibilityState === "visible") refresh();
    }, REFRESH_MS);
  }

  start();
})();
