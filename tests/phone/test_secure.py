"""Phones need a secure context for the camera: the table's own certificate authority
trusted by a real Chromium (an NSS database, as a phone that installed it), the move
from the plain-HTTP seat link to HTTPS, the certificate guide, and the photo
fallback for a phone that has not trusted it (decoded on the laptop by zxing-cpp)."""

from __future__ import annotations

import io
import plistlib
from pathlib import Path

import httpx
import pytest
from cryptography import x509
from PIL import Image, ImageFilter

from companion.web.photo import PhotoError, decode_photo
from companion.web.tls import TableCertificates, lan_addresses
from tests.phone.camera import label_image, write_y4m
from tests.phone.conftest import trusting_home
from tests.phone.harness import PhoneTable, counted

pytestmark = pytest.mark.camera


def photo_of(token: str) -> bytes:
    """A phone-like photo of a label: small in a big frame, turned, slightly blurred."""
    label = label_image(token)
    label = label.resize((label.width // 2, label.height // 2))
    label = label.rotate(17, expand=True, fillcolor=(200, 190, 170))
    frame = Image.new("RGB", (2000, 1500), (200, 190, 170))
    frame.paste(label, (700, 500))
    frame = frame.filter(ImageFilter.GaussianBlur(1.6))
    out = io.BytesIO()
    frame.save(out, "JPEG", quality=80)
    return out.getvalue()


def test_the_photo_decoder_reads_a_turned_blurred_label() -> None:
    assert decode_photo(photo_of("kill@S7")) == ["S0DX"]
    blank = io.BytesIO()
    Image.new("RGB", (800, 600), "white").save(blank, "PNG")
    assert decode_photo(blank.getvalue()) == []
    with pytest.raises(PhotoError, match="not a photo"):
        decode_photo(b"GIF89a but not really")


def test_the_certificates_are_made_once_and_cover_the_addresses(tmp_path: Path) -> None:
    certs = TableCertificates.beside(tmp_path / "games.sqlite")
    assert certs.ensure(["127.0.0.1", "192.0.2.2"]) is True
    ca = certs.ca_pem()
    assert certs.ensure(["127.0.0.1", "192.0.2.2"]) is False  # made once
    server = x509.load_pem_x509_certificate(certs.server_cert.read_bytes())
    san = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert {str(ip) for ip in san.get_values_for_type(x509.IPAddress)} == {"127.0.0.1", "192.0.2.2"}
    assert certs.ensure(["127.0.0.1", "10.1.2.3"]) is True  # the laptop moved: a new server cert
    assert certs.ca_pem() == ca  # from the same authority: phones trust it once
    assert oct(certs.ca_key.stat().st_mode & 0o777) == "0o600"


async def test_the_ca_page_offers_the_profile_and_the_certificate(tmp_path: Path) -> None:
    async with PhoneTable(tmp_path, players=2, host="0.0.0.0") as table:
        base = table.server.base_url  # plain HTTP on the LAN address
        async with httpx.AsyncClient() as client:
            guide = await client.get(f"{base}/ca")
            crt = await client.get(f"{base}/ca.crt")
            profile = await client.get(f"{base}/ca.mobileconfig")
    assert guide.status_code == 200 and "/ca.mobileconfig" in guide.text and "/ca.crt" in guide.text
    assert crt.headers["content-type"] == "application/x-x509-ca-cert"
    ca = x509.load_der_x509_certificate(crt.content)
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert profile.headers["content-type"] == "application/x-apple-aspen-config"
    payload = plistlib.loads(profile.content)["PayloadContent"][0]
    assert payload["PayloadType"] == "com.apple.security.root"
    assert payload["PayloadContent"] == crt.content


async def test_a_phone_that_trusts_the_ca_moves_to_https_and_scans(tmp_path: Path, pw) -> None:
    video = write_y4m(tmp_path / "cam.y4m", ["lord"], show=2.0, gap=1.0)
    async with PhoneTable(tmp_path, players=2, host="0.0.0.0") as table:
        assert table.certs is not None
        env = trusting_home(tmp_path, table.certs.ca_cert)
        url = table.seat_url(1, local=False)  # http://<LAN address>: not a secure context
        assert url.startswith("http://") and "127.0.0.1" not in url
        phone = await table.phone(pw, 1, video, env=env, url=url)
        await phone.wait("location.protocol === 'https:' && window.__phone.decoder === 'wasm'")
        assert await phone.page.evaluate("window.isSecureContext")
        await table.until(lambda: counted(table.session) >= 1)
        assert table.scans()[0] == "R01T"
        assert table.server.phones.desk.holder(1) is not None  # the same phone, moved over


async def test_a_phone_without_the_ca_takes_photos_instead(tmp_path: Path, pw) -> None:
    async with PhoneTable(tmp_path, players=2, host="0.0.0.0") as table:
        assert lan_addresses()
        phone = await table.phone(pw, 1, None, url=table.seat_url(1, local=False))
        await phone.wait("!document.getElementById('fallback').hidden")
        assert not await phone.page.evaluate("window.isSecureContext")
        assert await phone.page.is_visible("#ca-link")
        photo = tmp_path / "photo.jpg"
        photo.write_bytes(photo_of("lord"))
        await phone.page.set_input_files("#photo", str(photo))
        await table.until(lambda: len(table.inputs()) >= 2)  # the card came and went
        assert counted(table.session) == 1
        assert [(i.kind.name, i.data.get("code")) for i in table.inputs()] == [
            ("SCAN", "R01T"),
            ("REMOVE", None),
        ]
        blank = tmp_path / "blank.png"
        Image.new("RGB", (640, 480), "white").save(blank)
        await phone.page.set_input_files("#photo", str(blank))
        await phone.wait("window.__phone.notices.some(n => n.includes('No card label'))")
        assert len(table.inputs()) == 2  # nothing logged for it


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["--use-fake-ui-for-media-stream"], "No camera found on this phone: take a photo"),
        (
            ["--use-fake-device-for-media-stream", "--deny-permission-prompts"],
            "The camera was not allowed: allow it for this page",
        ),
    ],
    ids=["no camera", "camera refused"],
)
async def test_a_camera_that_cannot_open_is_said_in_words_not_its_error_name(
    tmp_path: Path, pw, extra: list[str], said: str
) -> None:
    """Real Chromium on a machine with no camera (and, second, with the permission
    refused): the banner says why in the phone's words, never "(NotFoundError)"
    (issue 29 item 10); the phone offers photos instead."""
    async with PhoneTable(tmp_path, players=2) as table:
        phone = await table.phone(pw, 1, None, camera=False, extra_args=extra)
        await phone.wait("!document.getElementById('fallback').hidden")
        notices = await phone.state("window.__phone.notices")
        assert any(n.startswith(said) for n in notices), notices
        assert not any("Error" in n for n in notices), notices
