/* What the lobby and the match page share: talking to the API, and building elements from
   text (never from HTML: every name and sentence the server sends is set as text). */
"use strict";

var cardgames = (function () {
  /** An error the API answered with: its status and its short reason. */
  class ApiError extends Error {
    constructor(status, reason) {
      super(reason);
      this.status = status;
    }
  }

  /** Ask the API: the answer's JSON, or an ApiError with the server's reason. */
  async function api(method, path, body, token) {
    const headers = { Accept: "application/json" };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    if (token) headers.Authorization = "Bearer " + token;
    let answer;
    try {
      answer = await fetch(path, {
        method: method,
        headers: headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
        credentials: "omit",
        referrerPolicy: "no-referrer",
      });
    } catch (failure) {
      throw new ApiError(0, "the server cannot be reached");
    }
    const text = await answer.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch (failure) {
      data = null;
    }
    if (!answer.ok) {
      const reason = data && typeof data.error === "string" ? data.error : "refused";
      throw new ApiError(answer.status, reason);
    }
    return data;
  }

  /** A new element with attributes and children (texts or elements). */
  function element(tag, attributes, ...children) {
    const made = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") made.textContent = value;
      else if (name.startsWith("on")) made.addEventListener(name.slice(2), value);
      else made.setAttribute(name, value === true ? "" : String(value));
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      made.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return made;
  }

  /** Show a short message in the page's notice line (or hide it with no message). */
  function notice(message) {
    const line = document.getElementById("notice");
    if (!line) return;
    line.textContent = message || "";
    line.hidden = !message;
  }

  /** The name a person goes by, kept in this browser between visits. */
  function rememberedName() {
    try {
      return window.localStorage.getItem("cardgames.name") || "";
    } catch (failure) {
      return "";
    }
  }

  function rememberName(name) {
    try {
      if (name) window.localStorage.setItem("cardgames.name", name);
    } catch (failure) {
      /* storage may be turned off: the name is then asked again */
    }
  }

  /** Where a seat's token is kept: this tab's session storage, one key per match. */
  function tokenKey(match) {
    return "cardgames.token." + match;
  }

  function keepToken(match, token) {
    try {
      window.sessionStorage.setItem(tokenKey(match), token);
      return true;
    } catch (failure) {
      return false;
    }
  }

  function readToken(match) {
    try {
      return window.sessionStorage.getItem(tokenKey(match));
    } catch (failure) {
      return null;
    }
  }

  function dropToken(match) {
    try {
      window.sessionStorage.removeItem(tokenKey(match));
    } catch (failure) {
      /* nothing kept */
    }
  }

  /** Join a free seat (the first one when seat is null); go to the match's page as that seat. */
  async function joinAndGo(match, seat, name) {
    const body = {};
    if (seat !== null && seat !== undefined) body.seat = seat;
    if (name) body.name = name;
    const joined = await api("POST", "/api/matches/" + encodeURIComponent(match) + "/join", body);
    rememberName(name);
    if (!keepToken(match, joined.token)) {
      throw new ApiError(0, "this browser keeps no session storage: the seat cannot be kept");
    }
    return joined;
  }

  return {
    ApiError: ApiError,
    api: api,
    element: element,
    notice: notice,
    rememberedName: rememberedName,
    rememberName: rememberName,
    keepToken: keepToken,
    readToken: readToken,
    dropToken: dropToken,
    joinAndGo: joinAndGo,
  };
})();
