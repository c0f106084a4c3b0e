// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionprofile.h"

#include "driverinfo.h"
#include "duration.h"
#include "lockservice.h"
#include "mappingfile.h"
#include "profile.h"
#include "validation.h"

#include <QUrl>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using lockcore::Error;
using lockcore::Result;
using lockcore::Status;

namespace ui {

namespace {

using Backend = ConnectionSpec::Backend;

bool hasControlCharacters(const QString &text)
{
    for (const QChar c : text) {
        if (c.category() == QChar::Other_Control)
            return true;
    }
    return false;
}

QString queryOf(const ConnectionSpec &spec)
{
    QStringList items;
    for (auto it = spec.options.cbegin(); it != spec.options.cend(); ++it) {
        const QString value = DriverInfo::urlValueOf(spec.backend, it.key(), it.value());
        items << DriverInfo::urlKeyOf(spec.backend, it.key()) + u'='
                     + QString::fromUtf8(QUrl::toPercentEncoding(value, "/:"));
    }
    return items.join(u'&');
}

// The host (or PostgreSQL's several hosts) and the ports.
Status validateHosts(const ConnectionSpec &spec)
{
    using lockcore::HostPort;
    if (spec.host.contains(u',')) { // a host list that did not parse (the form keeps it as typed)
        auto hosts = lockcore::parseHostList(spec.host);
        const QString why = hosts ? ConnectionProfile::tr("write it as db1:5432,db2:5432.")
                                  : hosts.error().message;
        return Error::invalidInput(ConnectionProfile::tr("The host list is not valid: %1")
                                       .arg(why));
    }
    if (!spec.otherHosts.isEmpty() && spec.backend != Backend::PostgreSQL)
        return Error::invalidInput(
            ConnectionProfile::tr("Only PostgreSQL connections can have several hosts (for "
                                  "now): give %1 one host.")
                .arg(DriverInfo::of(spec.backend).displayName()));
    for (const HostPort &entry : spec.hosts()) {
        if (entry.host.trimmed().isEmpty())
            return Error::invalidInput(
                ConnectionProfile::tr("Enter the database server's host name."));
        for (const QChar c : entry.host) {
            if (c.isSpace() || c == u'/' || c == u'@' || c == u'?' || c == u'#')
                return Error::invalidInput(
                    ConnectionProfile::tr("The host name \"%1\" contains '%2'.")
                        .arg(entry.host.left(80), c));
        }
        if (entry.port < 0 || entry.port > 65535)
            return Error::invalidInput(
                ConnectionProfile::tr("The port is not a number from 1 to 65535."));
    }
    return {};
}

// The value of "--name value" or "--name=value"; `found` tells whether it was given at all.
QString optionValue(const QStringList &arguments, const QString &name, bool *found)
{
    const QString flag = u"--"_s + name;
    QString value;
    *found = false;
    for (qsizetype i = 0; i < arguments.size(); ++i) {
        const QString &argument = arguments.at(i);
        if (argument == u"--")
            break;
        if (argument == flag && i + 1 < arguments.size()) {
            value = arguments.at(++i);
            *found = true;
        } else if (argument.startsWith(flag + u'=')) {
            value = argument.mid(flag.size() + 1);
            *found = true;
        }
    }
    return value;
}

} // namespace

QString ConnectionProfile::defaultTable()
{
    return lockcore::LockService::defaultTable();
}

Result<ConnectionProfile> ConnectionProfile::fromUrl(const QString &url)
{
    auto spec = ConnectionSpec::parse(url);
    if (!spec)
        return spec.error();
    ConnectionProfile profile;
    profile.spec = std::move(spec).value();
    profile.readOnly = profile.spec.readOnly; // "readonly=1" in the URL
    return profile;
}

Result<ConnectionProfile>
ConnectionProfile::fromCommandLine(const QStringList &arguments,
                                   const QProcessEnvironment &environment)
{
    bool given = false;
    QString url = optionValue(arguments, u"db"_s, &given);
    if (!given)
        url = environment.value(u"LOCKSCOPE_DB"_s);
    if (url.trimmed().isEmpty())
        return Error::invalidInput(tr("No database given: use --db URL or set LOCKSCOPE_DB."));
    auto profile = fromUrl(url);
    if (!profile)
        return profile.error();
    if (!profile->spec.passwordFromUrl && environment.contains(u"LOCKSCOPE_PASSWORD"_s))
        profile->spec.password = environment.value(u"LOCKSCOPE_PASSWORD"_s);

    bool tableGiven = false;
    const QString table = optionValue(arguments, u"table"_s, &tableGiven);
    if (tableGiven)
        profile->table = table;
    const QString lockProfile = optionValue(arguments, u"profile"_s, &given);
    if (given) {
        if (Status set = profile->setLockProfileOption(lockProfile, !tableGiven); !set)
            return set.error();
    }
    const QString timeout = optionValue(arguments, u"connect-timeout"_s, &given);
    if (given) {
        auto ms = lockcore::parseDurationMs(timeout, u"--connect-timeout"_s);
        if (!ms)
            return ms.error();
        // Whole seconds, as the drivers count them, rounded up; out of range: validate() says so.
        profile->connectTimeoutS = int(qMin<qint64>((*ms + 999) / 1000, maxTimeoutS + 1));
    }
    profile->readOnly = arguments.contains(u"--read-only"_s);
    if (Status valid = profile->validate(); !valid)
        return valid.error();
    return profile;
}

Status ConnectionProfile::setLockProfileOption(const QString &value, bool withItsTable)
{
    QVariantMap map;
    QString itsTable;
    if (mappingfile::namesAFile(value)) {
        auto mapping = mappingfile::read(value);
        if (!mapping)
            return mapping.error();
        map = mapping->lockProfile;
        itsTable = mapping->table;
    } else {
        const auto builtIn = lockcore::Profile::builtIn(value.trimmed());
        if (!builtIn)
            return Error::invalidInput(tr("There is no built-in profile \"%1\" (--profile). "
                                          "The profiles are: %2, or a mapping file "
                                          "(NAME.json).")
                                           .arg(value.left(40),
                                                lockcore::Profile::builtInIds().join(u", "_s)));
        map = builtIn->toMap();
        itsTable = builtIn->defaultTable;
    }
    lockProfile = map;
    if (withItsTable)
        table = itsTable;
    return {};
}

Status ConnectionProfile::validate() const
{
    QString table = this->table;
    if (!lockProfile.isEmpty()) {
        auto profile = lockcore::Profile::fromMap(lockProfile);
        if (!profile)
            return profile.error();
        if (table.isEmpty())
            table = profile->defaultTable;
        if (table.isEmpty())
            return Error::invalidInput(tr("Enter the name of the application's lock table."));
    }
    if (Status valid = lockcore::validateTableName(table); !valid)
        return valid;
    if (connectTimeoutS < minTimeoutS || connectTimeoutS > maxTimeoutS)
        return Error::invalidInput(tr("The connect timeout must be a whole number of seconds "
                                      "from %1 to %2.")
                                       .arg(minTimeoutS)
                                       .arg(maxTimeoutS));

    if (spec.backend == Backend::SQLite) {
        if (spec.path.trimmed().isEmpty())
            return Error::invalidInput(tr("Choose the SQLite database file."));
        if (hasControlCharacters(spec.path))
            return Error::invalidInput(tr("The file path contains a control character."));
        return {};
    }
    if (spec.backend == Backend::ODBC) {
        if (spec.database.trimmed().isEmpty())
            return Error::invalidInput(tr("Enter the ODBC data source name (DSN)."));
    } else {
        if (Status hosts = validateHosts(spec); !hosts)
            return hosts;
        if (spec.database.contains(u'/'))
            return Error::invalidInput(tr("The database name contains a slash."));
    }
    if (spec.port < 0 || spec.port > 65535)
        return Error::invalidInput(tr("The port is not a number from 1 to 65535."));
    if (hasControlCharacters(spec.host) || hasControlCharacters(spec.user)
        || hasControlCharacters(spec.password) || hasControlCharacters(spec.database))
        return Error::invalidInput(tr("The host, user name, password or database name contains "
                                      "a control character."));

    if (!spec.options.isEmpty()) {
        // The options pass the very checks the URL form goes through (known keys; no ';', '='
        // or control characters in values, which would inject driver connect options).
        const QString probe = spec.backendName() + u"://localhost/?"_s + queryOf(spec);
        auto parsed = ConnectionSpec::parse(probe);
        if (!parsed)
            return parsed.error();
        if (parsed->options != spec.options)
            return Error::invalidInput(tr("An option of this connection is not supported for "
                                          "%1.")
                                           .arg(spec.backendName()));
    }
    return {};
}

QString ConnectionProfile::displayUrl() const
{
    ConnectionSpec plain = spec;
    plain.readOnly = false; // its redacted() would add "?readonly=1" itself
    QString query = queryOf(spec);
    if (spec.readOnly && spec.isServer())
        query = query.isEmpty() ? u"readonly=1"_s : QString(query + u"&readonly=1"_s);
    return query.isEmpty() ? plain.redacted() : plain.redacted() + u'?' + query;
}

QString ConnectionProfile::title() const
{
    return name.isEmpty() ? spec.redacted() : name;
}

} // namespace ui
