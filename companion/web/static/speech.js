// The table page speaks the narration with the device's own voices (the Web Speech
// API): a TV, tablet or phone has far better voices than the laptop's espeak-ng, which
// stays the fallback (`--voice`). Off until tapped: browsers speak only after a gesture.
// Each new sentence is said in the game's language (`labels.speech.web_lang`), cards as
// people say them (the same rule as espeak-ng's, `companion/voice/data/voices.json`);
// the page says when the device has no voice for the language.
"use strict";

const speech = { on: false, rules: null, voice: null };
window.__speech = speech;

const DANGLING = /\s*,\s*(?=[.,;:!?)）。，：；！？]|$)/g;

function speakable(text) {
  const r = speech.rules;
  if (r.card) {
    // The pattern is espeak-ng's own (`labels.speech.card_pattern`), so both read alike.
    text = text.replace(new RegExp(r.card_pattern, "gu"), (_, suit, rank) =>
      r.card.replace("{suit}", r.suits[suit]).replace("{rank}", r.ranks[rank] || rank));
  }
  for (const [old, word] of r.say) text = text.split(old).join(word);
  return text.split(/\s+/).filter(Boolean).join(" ").replace(DANGLING, "");
}

function pickVoice() {
  const voices = "speechSynthesis" in window ? window.speechSynthesis.getVoices() : [];
  const want = speech.rules.web_lang.toLowerCase();
  const norm = (v) => v.lang.toLowerCase().replace("_", "-");
  return voices.find((v) => norm(v) === want)
    || voices.find((v) => norm(v).split("-")[0] === want.split("-")[0]) || null;
}

function showSpeech() {
  const button = document.getElementById("speak");
  const notice = document.getElementById("no-voice");
  if (!speech.rules) return;
  speech.voice = pickVoice();
  button.textContent = ui(speech.on ? "speaking" : "speak");
  button.setAttribute("aria-pressed", String(speech.on));
  notice.textContent = ui("no_voice");
  notice.hidden = !speech.on || speech.voice !== null;
}

function speechSetup(labels) {
  speech.rules = labels.speech;
  document.getElementById("speak").hidden = !speech.rules;
  showSpeech();
}

function speechSay(sentences) {
  if (!speech.on || !("speechSynthesis" in window)) return;
  for (const text of sentences) {
    const u = new SpeechSynthesisUtterance(speakable(text));
    u.lang = speech.rules.web_lang;
    if (speech.voice) u.voice = speech.voice;
    window.speechSynthesis.speak(u);
  }
}

function speechToggle() {
  speech.on = !speech.on;
  if (!speech.on && "speechSynthesis" in window) window.speechSynthesis.cancel();
  showSpeech();
}

window.addEventListener("DOMContentLoaded", () => {
  document.getElementById("speak").addEventListener("click", speechToggle);
  // the device's voices often arrive after the page loads
  if ("speechSynthesis" in window) window.speechSynthesis.addEventListener("voiceschanged", showSpeech);
});
