// SPDX-License-Identifier: GPL-3.0-or-later
#include "profilestore.h"

#include "profile.h"

#include <QCollator>
#include <QUrl>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;

namespace ui {

namespace {

const QString profilesGroup = u"profiles"_s;
const QString lastProfileKey = u"connection/lastProfile"_s;
const QString lockProfileGroup = u"lockProfile"_s;
const QString otherHostsKey = u"otherHosts"_s; // "db2:5433,db3" (PostgreSQL's several hosts)

ConnectionSpec::Backend backendFromName(const QString &name, bool *ok)
{
    using B = ConnectionSpec::Backend;
    *ok = true;
    for (const B backend : {B::SQLite, B::PostgreSQL, B::MySQL, B::Oracle, B::ODBC}) {
        ConnectionSpec spec;
        spec.backend = backend;
        if (spec.backendName() == name)
            return backend;
    }
    *ok = false;
    return B::SQLite;
}

// A list that does not parse (edited by hand) joins the host as it is, for
// ConnectionProfile::validate() to say what is wrong with it.
void loadOtherHosts(ConnectionSpec &spec, const QString &saved)
{
    if (saved.isEmpty())
        return;
    if (auto hosts = lockcore::parseHostList(saved))
        spec.otherHosts = *hosts;
    else
        spec.host += u',' + saved;
}

} // namespace

ProfileStore::ProfileStore()
    : m_settings(std::make_unique<QSettings>(u"Lockscope"_s, u"lockscope"_s))
{}

ProfileStore::ProfileStore(const QString &iniFile)
    : m_settings(std::make_unique<QSettings>(iniFile, QSettings::IniFormat))
{}

ProfileStore::~ProfileStore() = default;

// Profile names may hold any character, keys may not hold '/' or '\\': percent-encode them.
QString ProfileStore::groupOf(const QString &name)
{
    return profilesGroup + u'/' + QString::fromLatin1(QUrl::toPercentEncoding(name));
}

QStringList ProfileStore::names() const
{
    m_settings->beginGroup(profilesGroup);
    const QStringList groups = m_settings->childGroups();
    m_settings->endGroup();
    QStringList names;
    for (const QString &group : groups)
        names << QUrl::fromPercentEncoding(group.toLatin1());
    QCollator collator;
    collator.setCaseSensitivity(Qt::CaseInsensitive);
    std::sort(names.begin(), names.end(), collator);
    return names;
}

bool ProfileStore::contains(const QString &name) const
{
    return !name.isEmpty() && m_settings->contains(groupOf(name) + u"/driver"_s);
}

std::optional<ConnectionProfile> ProfileStore::load(const QString &name) const
{
    if (!contains(name))
        return std::nullopt;
    m_settings->beginGroup(groupOf(name));
    ConnectionProfile profile;
    profile.name = name;
    bool known = false;
    profile.spec.backend = backendFromName(m_settings->value(u"driver"_s).toString(), &known);
    if (!known) { // written by a newer version, or edited by hand
        m_settings->endGroup();
        return std::nullopt;
    }
    if (profile.spec.backend == ConnectionSpec::Backend::SQLite)
        profile.spec.path = m_settings->value(u"path"_s).toString();
    profile.spec.host = m_settings->value(u"host"_s).toString();
    profile.spec.port = m_settings->value(u"port"_s, 0).toInt();
    loadOtherHosts(profile.spec, m_settings->value(otherHostsKey).toString());
    profile.spec.database = m_settings->value(u"database"_s).toString();
    profile.spec.user = m_settings->value(u"user"_s).toString();
    profile.table = m_settings->value(u"table"_s, ConnectionProfile::defaultTable()).toString();
    profile.connectTimeoutS =
        m_settings->value(u"connectTimeout"_s, ConnectionProfile::defaultTimeoutS).toInt();
    profile.readOnly = m_settings->value(u"readOnly"_s, false).toBool();
    profile.notifyProblems = m_settings->value(u"notifyProblems"_s, true).toBool();
    profile.rememberPassword = m_settings->value(u"rememberPassword"_s, false).toBool();
    profile.colour = connectionColourFromKey(m_settings->value(u"colour"_s).toString());
    m_settings->beginGroup(u"options"_s);
    for (const QString &key : m_settings->childKeys())
        profile.spec.options.insert(key, m_settings->value(key).toString());
    m_settings->endGroup();
    // Saved before profiles existed: no group, Lockscope's own table.
    m_settings->beginGroup(lockProfileGroup);
    for (const QString &key : m_settings->childKeys())
        profile.lockProfile.insert(key, m_settings->value(key));
    m_settings->endGroup();
    m_settings->endGroup();
    // The INI file gives strings back: a valid mapping in Profile::toMap()'s own types; an
    // invalid one (edited by hand, or from a newer version) as it is, for validate() to explain.
    if (!profile.lockProfile.isEmpty()) {
        if (auto lockProfile = lockcore::Profile::fromMap(profile.lockProfile))
            profile.lockProfile = lockProfile->toMap();
    }
    return profile;
}

void ProfileStore::save(const ConnectionProfile &profile)
{
    Q_ASSERT(!profile.name.isEmpty());
    if (profile.name.isEmpty())
        return;
    const ConnectionSpec &spec = profile.spec;
    m_settings->remove(groupOf(profile.name)); // no stale options
    m_settings->beginGroup(groupOf(profile.name));
    m_settings->setValue(u"name"_s, profile.name);
    m_settings->setValue(u"driver"_s, spec.backendName());
    if (spec.backend == ConnectionSpec::Backend::SQLite) {
        m_settings->setValue(u"path"_s, spec.path);
    } else {
        m_settings->setValue(u"host"_s, spec.host);
        m_settings->setValue(u"port"_s, spec.port);
        // Beside "host" and "port" (the first host), so that a version without several hosts
        // still reads the first.
        if (!spec.otherHosts.isEmpty())
            m_settings->setValue(otherHostsKey, lockcore::hostListText(spec.otherHosts));
        m_settings->setValue(u"database"_s, spec.database);
        m_settings->setValue(u"user"_s, spec.user);
    }
    // Never spec.password: it goes to the keychain or is asked for each time.
    m_settings->setValue(u"table"_s, profile.table);
    m_settings->setValue(u"connectTimeout"_s, profile.connectTimeoutS);
    m_settings->setValue(u"readOnly"_s, profile.readOnly);
    m_settings->setValue(u"notifyProblems"_s, profile.notifyProblems);
    m_settings->setValue(u"rememberPassword"_s, profile.rememberPassword);
    m_settings->setValue(u"colour"_s, connectionColourKey(profile.colour));
    for (auto it = spec.options.cbegin(); it != spec.options.cend(); ++it)
        m_settings->setValue(u"options/"_s + it.key(), it.value());
    for (auto it = profile.lockProfile.cbegin(); it != profile.lockProfile.cend(); ++it)
        m_settings->setValue(lockProfileGroup + u'/' + it.key(), it.value());
    m_settings->endGroup();
}

void ProfileStore::remove(const QString &name)
{
    if (name.isEmpty())
        return;
    m_settings->remove(groupOf(name));
    if (lastUsed() == name)
        m_settings->remove(lastProfileKey);
}

QString ProfileStore::lastUsed() const
{
    return m_settings->value(lastProfileKey).toString();
}

void ProfileStore::setLastUsed(const QString &name)
{
    m_settings->setValue(lastProfileKey, name);
}

QString ProfileStore::fileName() const
{
    return m_settings->fileName();
}

void ProfileStore::sync()
{
    m_settings->sync();
}

} // namespace ui
