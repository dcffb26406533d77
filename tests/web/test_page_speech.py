"""The table page speaks with the device's voices (the Web Speech API), in the real
Chromium. The machine has no speaker: the test observes the calls the page makes to
`speechSynthesis.speak` (wrapped, then passed on to the browser's own), and the
device's voice list is Chromium's own (a headless Chromium may list none)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.async_api import Browser

from companion.voice import voice_for
from companion.web import serve_table
from tests.web.conftest import open_page
from tests.web.helpers import TO_DYING, TableGame

OBSERVE = """
window.__spoken = [];
if ("speechSynthesis" in window) {
  const real = window.speechSynthesis.speak.bind(window.speechSynthesis);
  window.speechSynthesis.speak = (u) => { window.__spoken.push([u.text, u.lang]); real(u); };
}
"""
TAGS = {"en": "en-US", "es": "es-ES", "zh-Hans": "zh-CN"}
NO_VOICE = {"en": "no English voice", "es": "ninguna voz en español", "zh-Hans": "没有中文语音"}


@pytest.mark.parametrize("lang", ["es", "zh-Hans", "en"])
async def test_with_speech_on_each_sentence_is_said_in_the_games_language(
    browser: Browser, tmp_path: Path, lang: str
) -> None:
    """Silent until the speech button is tapped; then every narrated sentence is handed
    to `speechSynthesis`, in order, in the game's language, with cards said as people
    say them (espeak-ng's rule: '7 de picas', said 'siete de picas'); without a voice for the language the
    page says so. Tapped again, it is silent."""
    game = TableGame(tmp_path / "g.sqlite", players=2, lang=lang)
    try:
        async with serve_table(game.session, "127.0.0.1", 0) as server:
            context = await browser.new_context()
            await context.add_init_script(OBSERVE)
            viewer = await open_page(context, server.url)  # type: ignore[arg-type]
            page = viewer.page
            button = page.locator("#speak")
            assert await button.is_visible() and await button.get_attribute("aria-pressed") == (
                "false"
            )
            game.play("scan lord\nscan caocao")
            await viewer.synced(server)
            assert await page.evaluate("window.__spoken") == []

            await button.click()
            assert await button.get_attribute("aria-pressed") == "true"
            said: list[str] = []
            for update in game.play(TO_DYING.replace("scan lord\nscan caocao\n", "", 1)):
                said += update.sentences
            await viewer.synced(server)
            await page.wait_for_function(f"window.__spoken.length >= {len(said)}")
            voice = voice_for(lang)
            spoken = await page.evaluate("window.__spoken")
            assert spoken == [[voice.prepare(text), TAGS[lang]] for text in said]
            if lang == "es":
                assert any("Ataque 7 de picas" in text for text, _ in spoken), spoken

            langs = await page.evaluate(
                "speechSynthesis.getVoices().map((v) => v.lang.toLowerCase())"
            )
            has_voice = any(tag.split("-")[0] == TAGS[lang].split("-")[0].lower()
                            for tag in langs)  # fmt: skip
            notice = page.locator("#no-voice")
            assert await notice.is_visible() == (not has_voice)
            if not has_voice:
                assert NO_VOICE[lang] in await notice.inner_text()

            await button.click()
            before = len(spoken)
            game.press("no")
            await viewer.synced(server)
            assert len(await page.evaluate("window.__spoken")) == before
            assert not await notice.is_visible()
            assert not viewer.errors, viewer.errors
            await context.close()
    finally:
        game.close()
