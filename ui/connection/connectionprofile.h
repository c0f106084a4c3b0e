// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectioncolour.h"
#include "connectionspec.h"
#include "result.h"

#include <QCoreApplication>
#include <QProcessEnvironment>
#include <QStringList>
#include <QVariantMap>

namespace ui {

// Everything the monitor needs to open a lock table: where (a ConnectionSpec), which table, how
// long to wait for the server, and whether admin actions are offered. The password lives in
// `spec` in memory only: ProfileStore never writes it (see PasswordVault).
struct ConnectionProfile
{
    static constexpr int defaultTimeoutS = 5;
    static constexpr int minTimeoutS = 1;
    static constexpr int maxTimeoutS = 600;

    QString name; // the saved profile's name; empty: not saved
    lockcore::ConnectionSpec spec;
    QString table = defaultTable();
    int connectTimeoutS = defaultTimeoutS;
    bool readOnly = false;
    bool notifyProblems = true; // announce locks that enter a problem (ProblemAlerts)
    bool rememberPassword = false; // the password is kept in the system keychain
    ConnectionColour colour = ConnectionColour::None; // the window's band and title
    // The application's lock table kind (lockcore::Profile::toMap()); empty: Lockscope's own
    // table. With a profile, `table` is that application's table (empty: the profile's default).
    QVariantMap lockProfile;

    static QString defaultTable();
    static lockcore::Result<ConnectionProfile> fromUrl(const QString &url);
    // From lockscope's command line: --db URL (else $LOCKSCOPE_DB), --table NAME, --read-only,
    // --connect-timeout DURATION (5s; a number without a unit is refused), --profile ID (a
    // lockcore::Profile::builtInIds() id: the table is that application's, by default its
    // default table) or --profile FILE.json (a mapping file, see mappingfile.h: by default the
    // table it names), in "--opt value" or "--opt=value" form; other arguments are ignored. A
    // URL without a password takes $LOCKSCOPE_PASSWORD.
    static lockcore::Result<ConnectionProfile>
    fromCommandLine(const QStringList &arguments,
                    const QProcessEnvironment &environment
                    = QProcessEnvironment::systemEnvironment());

    // The lock profile of a --profile value (a built-in id or a mapping file), and with it, if
    // `withItsTable`, the table (the profile's default, or the file's "table").
    lockcore::Status setLockProfileOption(const QString &value, bool withItsTable);
    // The checks ConnectionSpec::parse() makes on a URL, applied to fields, plus the table name,
    // the timeout and the lock profile (lockcore::Profile::fromMap()). A profile that passes can be opened with lockcore::Session::open().
    lockcore::Status validate() const;
    // spec.redacted() plus the TLS and other query options: a URL that parses back to this spec
    // and never contains the password.
    QString displayUrl() const;
    // The name, or the redacted URL of an unnamed profile.
    QString title() const;

    Q_DECLARE_TR_FUNCTIONS(ConnectionProfile)
};

} // namespace ui
