import FakeGitHub
import Foundation
import NIOSSL
import StarscopeTestSupport
import Testing

/// Over HTTPS (GitHub Enterprise with its own authority), `SSL_CERT_FILE` names what to trust, as
/// for curl and gh; without it, a certificate no system authority signed is refused in one line.
@Suite struct TLSTrustTests {
    @Test func sslCertFileNamesTheAuthorityToTrust() async throws {
        try await withHome { home in
            let certificate = home.appendingPathComponent("cert.pem")
            let key = home.appendingPathComponent("key.pem")
            try Self.makeSelfSignedCertificate(certificate: certificate, key: key)
            let chain = try NIOSSLCertificate.fromPEMFile(certificate.path).map { NIOSSLCertificateSource.certificate($0) }
            let tls = TLSConfiguration.makeServerConfiguration(
                certificateChain: chain, privateKey: .privateKey(try NIOSSLPrivateKey(file: key.path, format: .pem)))
            let fake = FakeGitHub(smallConfiguration())
            let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await fake.run(tls: tls) { port in
                        continuation.yield(port)
                        continuation.finish()
                    }
                }
                defer { group.cancelAll() }
                var iterator = ports.makeAsyncIterator()
                let port = try #require(await iterator.next())
                let api = try #require(URL(string: "https://127.0.0.1:\(port)/api/v3"))

                let trusted = try await CLI.run(
                    ["trending", "--since", "month", "--limit", "5", "--json"], api: api,
                    environment: ["SSL_CERT_FILE": certificate.path, "GH_TOKEN": FakeGitHub.octocatToken])
                #expect(trusted.status == 0, "\(trusted.stderr)")
                #expect(try jsonArray(trusted.stdout).count == 5)
                #expect(await fake.requests().count == 1)

                let refused = try await CLI.run(
                    ["trending", "--since", "month", "--limit", "5", "--json"], api: api, environment: ["GH_TOKEN": FakeGitHub.octocatToken]
                )
                #expect(refused.status == 1)
                #expect(refused.stdout.isEmpty)
                let lines = refused.stderr.split(separator: "\n")
                #expect(lines.count == 1, "\(refused.stderr)")
                #expect(!refused.stderr.contains(FakeGitHub.octocatToken))
                #expect(refused.stderr.contains("is not signed by an authority this machine trusts"), "\(refused.stderr)")
                #expect(refused.stderr.contains("SSL_CERT_FILE"))

                let missing = try await CLI.run(
                    ["trending", "--since", "month", "--limit", "5", "--json"], api: api,
                    environment: ["SSL_CERT_FILE": home.appendingPathComponent("nowhere.pem").path])
                #expect(missing.status == 1)
                #expect(missing.stderr.contains("the certificate file named by SSL_CERT_FILE cannot be read"), "\(missing.stderr)")
                // Neither refused connection reached the fake's handlers.
                #expect(await fake.requests().count == 1)
            }
        }
    }

    static func makeSelfSignedCertificate(certificate: URL, key: URL) throws {
        let child = try SpawnedProcess.start(
            "/usr/bin/openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
                "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost", "-keyout", key.path, "-out", certificate.path,
            ], environment: ["PATH": "/usr/bin:/bin"])
        #expect(child.waitForExit() == 0, "openssl could not make a certificate")
    }
}
