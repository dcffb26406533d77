"""The table's own certificate authority, so that phones get a secure context (HTTPS).

A phone's camera works only on an `https://` page (docs/readers.md section 1). The
companion makes, once, a local certificate authority and keeps it in a directory
beside the game database; from it a server certificate whose subjectAltName lists
this laptop's addresses (Android refuses one without the IP address). The server
certificate is made again, from the same authority, when the laptop's address
changes or it nears its end, so a phone trusts the authority only once.

`ca_profile()` is the CA as an iOS configuration profile (`.mobileconfig`); the
`.crt` (DER) is for Android. The authority's private key never leaves the directory
(mode 0600). A trusted authority could vouch for any name, so the guide says to
remove it from a phone that is not yours after the game.
"""

from __future__ import annotations

import base64
import datetime as dt
import ipaddress
import os
import socket
import uuid
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

__all__ = ["TableCertificates", "lan_addresses", "spki_hash"]

CA_DAYS = 3650
SERVER_DAYS = 397  # what iOS accepts for a server certificate (at most 398 days)
RENEW_DAYS = 30
CA_NAME = "Table Companion local CA"
IP = ipaddress.IPv4Address | ipaddress.IPv6Address


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses (loopback included), for the certificate."""
    from companion.web.access import lan_address

    found = {"127.0.0.1", lan_address()}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    return sorted(found, key=lambda a: tuple(int(p) for p in a.split(".")))


def spki_hash(cert_pem: bytes) -> str:
    """base64 SHA-256 of a certificate's public key (Chromium's
    `--ignore-certificate-errors-spki-list`)."""
    cert = x509.load_pem_x509_certificate(cert_pem)
    der = cert.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )
    digest = hashes.Hash(hashes.SHA256())
    digest.update(der)
    return base64.b64encode(digest.finalize()).decode()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(data)


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


@dataclass
class TableCertificates:
    """The authority and server certificate files in `directory`."""

    directory: Path

    @property
    def ca_cert(self) -> Path:
        return self.directory / "ca.pem"

    @property
    def ca_key(self) -> Path:
        return self.directory / "ca-key.pem"

    @property
    def server_cert(self) -> Path:
        return self.directory / "server.pem"

    @property
    def server_key(self) -> Path:
        return self.directory / "server-key.pem"

    @classmethod
    def beside(cls, db: Path) -> TableCertificates:
        """The certificates kept beside the game database `db`."""
        return cls(Path(db).expanduser().resolve().parent / "phone-tls")

    def ensure(self, addresses: list[str], names: list[str] | None = None) -> bool:
        """Make the authority if there is none, and a server certificate for
        `addresses` (IPs) and `names` (DNS names) unless the one there covers them and
        is not near its end. Returns whether anything was made.

        Raises:
            OSError: the directory cannot be written.
            ValueError: an address that is not an IP address.
        """
        ips = [ipaddress.ip_address(a) for a in addresses]
        names = list(names if names is not None else ["localhost"])
        self.directory.mkdir(parents=True, exist_ok=True)
        made = False
        if not (self.ca_cert.exists() and self.ca_key.exists()):
            self._make_ca()
            made = True
        if made or not self._covers(ips, names):
            self._make_server(ips, names)
            made = True
        return made

    def ca_pem(self) -> bytes:
        return self.ca_cert.read_bytes()

    def ca_der(self) -> bytes:
        cert = x509.load_pem_x509_certificate(self.ca_pem())
        return cert.public_bytes(serialization.Encoding.DER)

    def ca_profile(self) -> bytes:
        """The authority as an iOS configuration profile (install, then enable full
        trust in Settings > General > About > Certificate Trust Settings)."""
        der = base64.b64encode(self.ca_der()).decode()
        cert = x509.load_pem_x509_certificate(self.ca_pem())
        stable = uuid.uuid5(uuid.NAMESPACE_OID, cert.fingerprint(hashes.SHA256()).hex())
        inner = uuid.uuid5(stable, "certificate")
        return f"""<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>PayloadContent</key>
  <array>
    <dict>
      <key>PayloadCertificateFileName</key><string>table-companion-ca.cer</string>
      <key>PayloadContent</key><data>{der}</data>
      <key>PayloadDisplayName</key><string>{CA_NAME}</string>
      <key>PayloadIdentifier</key><string>org.tablecompanion.ca.{inner}</string>
      <key>PayloadType</key><string>com.apple.security.root</string>
      <key>PayloadUUID</key><string>{str(inner).upper()}</string>
      <key>PayloadVersion</key><integer>1</integer>
    </dict>
  </array>
  <key>PayloadDescription</key><string>Lets this phone open the card table's reader page over HTTPS.</string>
  <key>PayloadDisplayName</key><string>{CA_NAME}</string>
  <key>PayloadIdentifier</key><string>org.tablecompanion.profile.{stable}</string>
  <key>PayloadRemovalDisallowed</key><false/>
  <key>PayloadType</key><string>Configuration</string>
  <key>PayloadUUID</key><string>{str(stable).upper()}</string>
  <key>PayloadVersion</key><integer>1</integer>
</dict>
</plist>
""".encode()

    # --- making ---

    def _make_ca(self) -> None:
        key = ec.generate_private_key(ec.SECP256R1())
        name = x509.Name(
            [
                x509.NameAttribute(NameOID.COMMON_NAME, f"{CA_NAME} ({socket.gethostname()})"),
                x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Table Companion"),
            ]
        )
        now = _now()
        cert = (
            x509.CertificateBuilder()
            .subject_name(name)
            .issuer_name(name)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(days=CA_DAYS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(
                x509.KeyUsage(
                    digital_signature=True,
                    content_commitment=False,
                    key_encipherment=False,
                    data_encipherment=False,
                    key_agreement=False,
                    key_cert_sign=True,
                    crl_sign=True,
                    encipher_only=False,
                    decipher_only=False,
                ),  # fmt: skip
                critical=True,
            )
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
            .sign(key, hashes.SHA256())
        )
        _write_private(self.ca_key, _key_pem(key))
        self.ca_cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))

    def _make_server(self, ips: list[IP], names: list[str]) -> None:
        ca_key = serialization.load_pem_private_key(self.ca_key.read_bytes(), None)
        assert isinstance(ca_key, ec.EllipticCurvePrivateKey)
        ca = x509.load_pem_x509_certificate(self.ca_pem())
        key = ec.generate_private_key(ec.SECP256R1())
        now = _now()
        alt: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
        alt += [x509.IPAddress(ip) for ip in ips]
        cert = (
            x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Table Companion")]))
            .issuer_name(ca.subject)
            .public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(minutes=5))
            .not_valid_after(now + dt.timedelta(days=SERVER_DAYS))
            .add_extension(x509.SubjectAlternativeName(alt), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), False)
            .add_extension(
                x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
            )
            .sign(ca_key, hashes.SHA256())
        )
        _write_private(self.server_key, _key_pem(key))
        self.server_cert.write_bytes(cert.public_bytes(serialization.Encoding.PEM))

    def _covers(self, ips: list[IP], names: list[str]) -> bool:
        if not (self.server_cert.exists() and self.server_key.exists()):
            return False
        try:
            cert = x509.load_pem_x509_certificate(self.server_cert.read_bytes())
            ca = x509.load_pem_x509_certificate(self.ca_pem())
            san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        except (ValueError, x509.ExtensionNotFound):
            return False
        if cert.issuer != ca.subject:
            return False
        if cert.not_valid_after_utc - _now() < dt.timedelta(days=RENEW_DAYS):
            return False
        have_ips = set(san.get_values_for_type(x509.IPAddress))
        have_names = set(san.get_values_for_type(x509.DNSName))
        return set(ips) <= have_ips and set(names) <= have_names
