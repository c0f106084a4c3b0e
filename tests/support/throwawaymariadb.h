// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>
#include <QTemporaryDir>
#include <memory>

namespace testsupport {

// A MariaDB server of the test's own, unlike the shared test server: with TLS off
// ({"--no-tls"}) or serving a certificate the test made ({"--certificate", crt, key}). Made
// and started by scripts/throwaway-mariadb as scripts/test makes its servers (a free port of
// 127.0.0.1, the user lockscope, the database lockscope_test), stopped and removed with this
// object. About 10 s to start.
class ThrowawayMariaDb
{
public:
    // The server, or null with what the script said in *error.
    static std::unique_ptr<ThrowawayMariaDb> start(const QStringList &options, QString *error);
    ~ThrowawayMariaDb();
    ThrowawayMariaDb(const ThrowawayMariaDb &) = delete;
    ThrowawayMariaDb &operator=(const ThrowawayMariaDb &) = delete;

    QString url() const { return m_url; } // mysql://lockscope:PASSWORD@127.0.0.1:PORT/...

private:
    ThrowawayMariaDb() = default;
    QTemporaryDir m_dir;
    QString m_url;
};

} // namespace testsupport
