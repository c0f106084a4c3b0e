// SPDX-License-Identifier: GPL-3.0-or-later
// Saved connection profiles and the profile value type: what is stored (never the password;
// the lock profile, a custom mapping included), URLs in and out, the lockscope command line
// (--profile too), and validation of fields.

#include "connectionprofile.h"
#include "profile.h"
#include "profilestore.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Qt::StringLiterals;
using lockcore::ConnectionSpec;
using namespace ui;

class ProfileStoreTest : public QObject
{
    Q_OBJECT

private slots:
    void init();

    void roundTrip_data();
    void roundTrip();
    void settingsFileNeverContainsThePassword();
    void namesWithAnyCharacter();
    void removeForgetsTheProfile();
    void lastUsed();
    void unknownDriverIsNotLoaded();
    void severalHostsLoadBackIdentically();
    void handEditedHostListIsReportedByValidate();
    void lockProfileRoundTrip_data();
    void lockProfileRoundTrip();
    void profileSavedBeforeLockProfilesLoadsAsLockscopeTable();
    void lockProfileNeverHoldsThePassword();

    void displayUrlParsesBackWithoutPassword_data();
    void displayUrlParsesBackWithoutPassword();
    void fromCommandLine();
    void fromCommandLineErrors_data();
    void fromCommandLineErrors();
    void validateRejects_data();
    void validateRejects();
    void commandLineProfile();
    void commandLineUnknownProfileListsTheValidOnes();
    void commandLineMappingFileIsOpenedAndSavedWhole();
    void commandLineBadMappingFileIsRefused_data();
    void commandLineBadMappingFileIsRefused();
    void validateChecksTheLockProfile_data();
    void validateChecksTheLockProfile();

private:
    static ConnectionProfile profileFor(const QString &url);
    QString iniFile() const { return m_dir->filePath(u"lockscope.ini"_s); }

    std::unique_ptr<QTemporaryDir> m_dir;
};

ConnectionProfile ProfileStoreTest::profileFor(const QString &url)
{
    auto profile = ConnectionProfile::fromUrl(url);
    if (!profile)
        qFatal("bad test URL %s: %s", qPrintable(url), qPrintable(profile.error().message));
    return *profile;
}

void ProfileStoreTest::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

void ProfileStoreTest::roundTrip_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("sqlite") << u"sqlite:/var/lib/app/locks db.sqlite"_s;
    QTest::newRow("postgresql+tls")
        << u"postgresql://admin@db.example.com:6432/ops?sslmode=verify-full"
           "&sslrootcert=/etc/ssl/root.crt&application_name=lockscope"_s;
    QTest::newRow("mysql+tls")
        << u"mysql://app@10.0.0.5/locks?ssl_ca=/etc/ca.pem&ssl_cert=/c.pem&ssl_key=/k.pem"_s;
    QTest::newRow("oracle") << u"oracle://scott@orahost:1521/ORCLPDB1"_s;
    QTest::newRow("odbc") << u"odbc://reader@warehouse"_s;
    QTest::newRow("postgresql several hosts")
        << u"postgresql://ops@db1:5432,db2:5433,[2001:db8::7]/orders"
           "?target_session_attrs=read-write&sslmode=require"_s;
}

// Every stored field comes back as it was saved, for each driver (options included).
void ProfileStoreTest::roundTrip()
{
    QFETCH(QString, url);
    ConnectionProfile saved = profileFor(url);
    saved.name = u"Production / EU"_s;
    saved.table = u"ops.app_locks"_s;
    saved.connectTimeoutS = 17;
    saved.readOnly = true;
    saved.notifyProblems = false; // on by default: saved off, it stays off
    saved.rememberPassword = true;
    {
        ProfileStore store(iniFile());
        store.save(saved);
    }
    ProfileStore store(iniFile());
    QCOMPARE(store.names(), QStringList{saved.name});
    const auto loaded = store.load(saved.name);
    QVERIFY(loaded);
    QCOMPARE(loaded->name, saved.name);
    QCOMPARE(int(loaded->spec.backend), int(saved.spec.backend));
    QCOMPARE(loaded->spec.path, saved.spec.path);
    QCOMPARE(loaded->spec.host, saved.spec.host);
    QCOMPARE(loaded->spec.port, saved.spec.port);
    QCOMPARE(loaded->spec.otherHosts, saved.spec.otherHosts);
    QCOMPARE(loaded->spec.database, saved.spec.database);
    QCOMPARE(loaded->spec.user, saved.spec.user);
    QCOMPARE(loaded->spec.options, saved.spec.options);
    QCOMPARE(loaded->table, saved.table);
    QCOMPARE(loaded->connectTimeoutS, 17);
    QCOMPARE(loaded->readOnly, true);
    QCOMPARE(loaded->notifyProblems, false);
    QCOMPARE(loaded->rememberPassword, true);
    QCOMPARE(loaded->displayUrl(), saved.displayUrl());
}

// A profile saved with a known password leaves no trace of it in the settings file.
void ProfileStoreTest::settingsFileNeverContainsThePassword()
{
    const QString password = u"Tr0ub4dor&3-s3cret"_s;
    ConnectionProfile profile = profileFor(u"postgresql://admin@db/ops?sslmode=require"_s);
    profile.spec.password = password;
    profile.name = u"ops"_s;
    profile.rememberPassword = true;
    {
        ProfileStore store(iniFile());
        store.save(profile);
        store.setLastUsed(profile.name);
        store.sync();
        QCOMPARE(store.fileName(), iniFile());
    }
    QFile file(iniFile());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray contents = file.readAll();
    QVERIFY2(contents.contains("db"), contents.constData()); // the profile was written
    QVERIFY(!contents.contains(password.toUtf8()));
    QVERIFY(!contents.contains(QUrl::toPercentEncoding(password)));
    QVERIFY(!contents.contains(password.toUtf8().toBase64()));
    QVERIFY(!contents.contains("s3cret"));
    QVERIFY(ProfileStore(iniFile()).load(u"ops"_s)->spec.password.isEmpty());
}

// Names with slashes, spaces, percent signs and CJK characters are kept apart and intact.
void ProfileStoreTest::namesWithAnyCharacter()
{
    const QStringList names = {u"a/b"_s, u"a b"_s, u"100%"_s, u"生产库"_s, u"A\\B"_s};
    ProfileStore store(iniFile());
    for (const QString &name : names) {
        ConnectionProfile profile = profileFor(u"sqlite:/tmp/"_s + QString::number(name.size()));
        profile.name = name;
        profile.spec.path = u"/data/"_s + name;
        store.save(profile);
    }
    store.sync();
    ProfileStore reread(iniFile());
    QCOMPARE(reread.names().size(), names.size());
    for (const QString &name : names) {
        QVERIFY2(reread.contains(name), qPrintable(name));
        QCOMPARE(reread.load(name)->spec.path, u"/data/"_s + name);
    }
}

// remove() deletes the profile and forgets it as the last one used.
void ProfileStoreTest::removeForgetsTheProfile()
{
    ProfileStore store(iniFile());
    ConnectionProfile profile = profileFor(u"mysql://u@h/d"_s);
    profile.name = u"gone"_s;
    store.save(profile);
    store.setLastUsed(u"gone"_s);
    QVERIFY(store.contains(u"gone"_s));
    store.remove(u"gone"_s);
    QVERIFY(!store.contains(u"gone"_s));
    QVERIFY(!store.load(u"gone"_s));
    QVERIFY(store.names().isEmpty());
    QVERIFY(store.lastUsed().isEmpty());
}

// The last profile used is remembered across stores on the same file.
void ProfileStoreTest::lastUsed()
{
    ProfileStore(iniFile()).setLastUsed(u"staging"_s);
    QCOMPARE(ProfileStore(iniFile()).lastUsed(), u"staging"_s);
}

// A profile whose driver this version does not know (a newer version's) is not loaded.
void ProfileStoreTest::unknownDriverIsNotLoaded()
{
    ProfileStore store(iniFile());
    ConnectionProfile profile = profileFor(u"oracle://u@h/s"_s);
    profile.name = u"future"_s;
    store.save(profile);
    store.sync();
    {
        QSettings settings(iniFile(), QSettings::IniFormat);
        settings.setValue(u"profiles/future/driver"_s, u"cockroach"_s);
    }
    QVERIFY(!ProfileStore(iniFile()).load(u"future"_s));
}

// Several PostgreSQL hosts come back in their order with their ports, the first one where a
// version without several hosts reads it (host, port).
void ProfileStoreTest::severalHostsLoadBackIdentically()
{
    ConnectionProfile saved =
        profileFor(u"postgresql://ops@db1:5432,db2,db3:6432/orders?target_session_attrs=primary"_s);
    saved.name = u"failover"_s;
    QCOMPARE(saved.spec.otherHosts.size(), 2);
    {
        ProfileStore store(iniFile());
        store.save(saved);
    }
    {
        QSettings settings(iniFile(), QSettings::IniFormat);
        QCOMPARE(settings.value(u"profiles/failover/host"_s).toString(), u"db1"_s);
        QCOMPARE(settings.value(u"profiles/failover/port"_s).toInt(), 5432);
    }
    const auto loaded = ProfileStore(iniFile()).load(saved.name);
    QVERIFY(loaded);
    QCOMPARE(loaded->spec.hosts(), saved.spec.hosts());
    QCOMPARE(loaded->spec.options, saved.spec.options);
    QCOMPARE(loaded->displayUrl(),
             u"postgresql://ops@db1:5432,db2,db3:6432/orders?target_session_attrs=primary"_s);
    QVERIFY(loaded->validate().ok());
}

// A host list edited by hand into something that does not parse loads, and validate() says
// what is wrong with it (the dialog shows it, the user fixes it).
void ProfileStoreTest::handEditedHostListIsReportedByValidate()
{
    ConnectionProfile saved = profileFor(u"postgresql://ops@db1,db2/orders"_s);
    saved.name = u"edited"_s;
    ProfileStore(iniFile()).save(saved);
    {
        QSettings settings(iniFile(), QSettings::IniFormat);
        settings.setValue(u"profiles/edited/otherHosts"_s, u"db2:,db3"_s);
    }
    const auto loaded = ProfileStore(iniFile()).load(saved.name);
    QVERIFY(loaded);
    const auto status = loaded->validate();
    QVERIFY(!status.ok());
    QVERIFY2(status.error().message.contains(u"\"db2:\" ends in ':' without a port"_s),
             qPrintable(status.error().message));
}

void ProfileStoreTest::lockProfileRoundTrip_data()
{
    QTest::addColumn<QVariantMap>("lockProfile");
    QTest::addColumn<QString>("table");
    for (const QString &id : lockcore::Profile::builtInIds())
        QTest::newRow(qPrintable(id)) << lockcore::Profile::builtIn(id)->toMap() << QString();
    QVariantMap spring = lockcore::Profile::builtIn(u"spring-int-lock"_s)->toMap();
    spring.insert(u"region_value"_s, u"orders"_s);
    spring.insert(u"locked_at_ttl_ms"_s, qint64(30000));
    QTest::newRow("spring, other region and TTL") << spring << u"app.INT_LOCK"_s;
    const auto custom = lockcore::Profile::custom(
        {{u"table"_s, u"ops.job_lock"_s}, {u"name_column"_s, u"job"_s},
         {u"holder_column"_s, u"owner"_s}, {u"status_column"_s, u"held"_s},
         {u"locked_at_column"_s, u"since"_s}, {u"time"_s, u"local"_s}});
    QTest::newRow("custom") << custom->toMap() << u"ops.job_lock"_s;
    const auto expiring = lockcore::Profile::custom(
        {{u"table"_s, u"leases"_s}, {u"name_column"_s, u"k"_s}, {u"expires_column"_s, u"until"_s},
         {u"holder_column"_s, u"who"_s}, {u"release"_s, u"expire"_s}, {u"reentrant"_s, true}});
    QTest::newRow("custom, expire on release, re-entrant") << expiring->toMap() << u"leases"_s;
}

// The lock profile comes back from the settings file as it was saved (built-in with its
// settings, or a whole custom mapping), in Profile::toMap()'s form, and still valid.
void ProfileStoreTest::lockProfileRoundTrip()
{
    QFETCH(QVariantMap, lockProfile);
    QFETCH(QString, table);
    ConnectionProfile saved = profileFor(u"postgresql://ops@db/app"_s);
    saved.name = u"App"_s;
    saved.lockProfile = lockProfile;
    saved.table = table;
    QVERIFY(saved.validate().ok());
    {
        ProfileStore store(iniFile());
        store.save(saved);
    }
    const auto loaded = ProfileStore(iniFile()).load(u"App"_s);
    QVERIFY(loaded);
    QCOMPARE(loaded->lockProfile, lockProfile);
    QCOMPARE(loaded->table, table);
    QVERIFY(loaded->validate().ok());
    const auto profile = lockcore::Profile::fromMap(loaded->lockProfile);
    QVERIFY(profile.ok());
    QCOMPARE(profile->toMap(), lockProfile);
}

// A profile written before lock profiles existed (no lockProfile group) still loads, as
// Lockscope's own table.
void ProfileStoreTest::profileSavedBeforeLockProfilesLoadsAsLockscopeTable()
{
    {
        QSettings settings(iniFile(), QSettings::IniFormat);
        settings.setValue(u"profiles/Old/name"_s, u"Old"_s);
        settings.setValue(u"profiles/Old/driver"_s, u"postgresql"_s);
        settings.setValue(u"profiles/Old/host"_s, u"db"_s);
        settings.setValue(u"profiles/Old/port"_s, 5432);
        settings.setValue(u"profiles/Old/database"_s, u"ops"_s);
        settings.setValue(u"profiles/Old/user"_s, u"ops"_s);
        settings.setValue(u"profiles/Old/table"_s, u"dist_lock"_s);
        settings.setValue(u"profiles/Old/connectTimeout"_s, 5);
        settings.setValue(u"profiles/Old/readOnly"_s, false);
        settings.setValue(u"profiles/Old/rememberPassword"_s, false);
    }
    const auto loaded = ProfileStore(iniFile()).load(u"Old"_s);
    QVERIFY(loaded);
    QVERIFY(loaded->lockProfile.isEmpty());
    QCOMPARE(loaded->table, u"dist_lock"_s);
    QCOMPARE(loaded->spec.host, u"db"_s);
    QVERIFY(loaded->notifyProblems); // saved before the setting existed: on
    QVERIFY(loaded->validate().ok());
}

// Saving a custom mapping adds no trace of the password to the file.
void ProfileStoreTest::lockProfileNeverHoldsThePassword()
{
    ConnectionProfile profile = profileFor(u"mysql://ops:Zq9-secret-pw@db/app"_s);
    profile.name = u"App"_s;
    profile.rememberPassword = true;
    profile.lockProfile = lockcore::Profile::custom({{u"table"_s, u"t"_s},
                                                     {u"name_column"_s, u"n"_s}})
                              ->toMap();
    {
        ProfileStore store(iniFile());
        store.save(profile);
    }
    QFile file(iniFile());
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray contents = file.readAll();
    QVERIFY2(contents.contains("name_column"), contents.constData());
    QVERIFY(!contents.contains("Zq9-secret-pw"));
}

void ProfileStoreTest::displayUrlParsesBackWithoutPassword_data()
{
    QTest::addColumn<QString>("url");
    QTest::newRow("sqlite") << u"sqlite:/tmp/locks.sqlite"_s;
    QTest::newRow("postgresql") << u"postgresql://u:pw%40x@h:5433/db?sslmode=require"_s;
    QTest::newRow("postgresql-quoting")
        << u"postgresql://u:pw@h/db?sslrootcert=/my%20certs/r%26d.crt"_s;
    QTest::newRow("mariadb") << u"mariadb://u:pw@h/db?ssl_ca=/ca.pem&connect_timeout=3s"_s;
    QTest::newRow("oracle") << u"oracle://u:pw@h:1522/XEPDB1"_s;
    QTest::newRow("odbc") << u"odbc://u:pw@dsn"_s;
    QTest::newRow("ipv6") << u"postgresql://u:pw@[::1]:5432/db"_s;
    QTest::newRow("postgresql read-only")
        << u"postgresql://u:pw@h/db?sslmode=require&readonly=1"_s;
    QTest::newRow("mariadb read-only") << u"mariadb://u:pw@h/db?readonly=true"_s;
    QTest::newRow("several hosts")
        << u"postgresql://u:pw@db1:5432,[::1]:5433,db3/db?target_session_attrs=read-write"_s;
}

// The URL the dialog shows is the redacted one plus options, parses back to the same spec,
// and never holds the password.
void ProfileStoreTest::displayUrlParsesBackWithoutPassword()
{
    QFETCH(QString, url);
    const ConnectionProfile profile = profileFor(url);
    const QString shown = profile.displayUrl();
    if (profile.spec.options.isEmpty())
        QCOMPARE(shown, profile.spec.redacted());
    QVERIFY2(!shown.contains(u"pw"_s), qPrintable(shown));
    const auto back = ConnectionSpec::parse(shown);
    QVERIFY2(back.ok(), qPrintable(shown));
    QCOMPARE(int(back->backend), int(profile.spec.backend));
    QCOMPARE(back->host, profile.spec.host);
    QCOMPARE(back->port, profile.spec.port);
    QCOMPARE(back->otherHosts, profile.spec.otherHosts);
    QCOMPARE(back->database, profile.spec.database);
    QCOMPARE(back->path, profile.spec.path);
    QCOMPARE(back->user, profile.spec.user);
    QCOMPARE(back->options, profile.spec.options);
    QCOMPARE(back->readOnly, profile.spec.readOnly);
    QCOMPARE(profile.readOnly, profile.spec.readOnly); // "readonly=1": a read-only profile
    QCOMPARE(shown.count(u"readonly=1"_s), profile.spec.readOnly ? 1 : 0);
    QVERIFY(back->password.isEmpty());
}

// lockscope's --db/--table/--read-only/--connect-timeout build the profile; the environment
// gives the URL and the password when the command line does not.
void ProfileStoreTest::fromCommandLine()
{
    QProcessEnvironment env;
    env.insert(u"LOCKSCOPE_PASSWORD"_s, u"from-env"_s);
    auto profile = ConnectionProfile::fromCommandLine(
        {u"lockscope"_s, u"--lang"_s, u"zh_CN"_s, u"--db"_s, u"postgresql://ops@db:6432/locks"_s,
         u"--table=app.locks"_s, u"--read-only"_s, u"--connect-timeout"_s, u"8.5s"_s},
        env);
    QVERIFY2(profile.ok(), profile.ok() ? "" : qPrintable(profile.error().message));
    QCOMPARE(int(profile->spec.backend), int(ConnectionSpec::Backend::PostgreSQL));
    QCOMPARE(profile->spec.host, u"db"_s);
    QCOMPARE(profile->spec.port, 6432);
    QCOMPARE(profile->spec.password, u"from-env"_s);
    QCOMPARE(profile->table, u"app.locks"_s);
    QCOMPARE(profile->connectTimeoutS, 9); // whole seconds, rounded up
    QVERIFY(profile->readOnly);
    QVERIFY(profile->name.isEmpty());

    env.insert(u"LOCKSCOPE_DB"_s, u"mysql://u:given@h/d"_s);
    profile = ConnectionProfile::fromCommandLine({u"lockscope"_s}, env);
    QVERIFY(profile.ok());
    QCOMPARE(profile->spec.password, u"given"_s); // the URL's password wins
    QCOMPARE(profile->table, ConnectionProfile::defaultTable());
    QCOMPARE(profile->connectTimeoutS, ConnectionProfile::defaultTimeoutS);
    QVERIFY(!profile->readOnly);
}

void ProfileStoreTest::fromCommandLineErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("no db") << QStringList{u"lockscope"_s} << u"--db"_s;
    QTest::newRow("bad url") << QStringList{u"--db"_s, u"nosuch://x"_s} << u"nosuch"_s;
    QTest::newRow("bad table") << QStringList{u"--db=sqlite:/x"_s, u"--table"_s, u"a;b"_s}
                               << u"a;b"_s;
    QTest::newRow("bad timeout")
        << QStringList{u"--db=sqlite:/x"_s, u"--connect-timeout=soon"_s} << u"timeout"_s;
    QTest::newRow("timeout without a unit") // issue 48: 9 what?
        << QStringList{u"--db=sqlite:/x"_s, u"--connect-timeout"_s, u"9"_s}
        << u"--connect-timeout needs a unit: 5s, 500ms, 2m, 1h"_s;
    QTest::newRow("timeout 0") << QStringList{u"--db=sqlite:/x"_s, u"--connect-timeout=0"_s}
                               << u"connect timeout"_s;
}

// A command line that cannot be used is refused with a message that names the problem.
void ProfileStoreTest::fromCommandLineErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(QString, mentions);
    const auto profile = ConnectionProfile::fromCommandLine(arguments, QProcessEnvironment());
    QVERIFY(!profile.ok());
    QVERIFY2(profile.error().message.contains(mentions), qPrintable(profile.error().message));
}

void ProfileStoreTest::validateRejects_data()
{
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("value");
    QTest::newRow("option injection")
        << u"postgresql://u@h/d"_s << u"sslrootcert"_s << u"/x.crt' sslmode='disable"_s;
    QTest::newRow("option separator") << u"mysql://u@h/d"_s << u"SSL_CA"_s << u"/ca;x=y"_s;
    QTest::newRow("unknown option") << u"postgresql://u@h/d"_s << u"password"_s << u"x"_s;
    QTest::newRow("empty host") << u"postgresql://u@h/d"_s << u"host"_s << QString();
    QTest::newRow("host with space") << u"mysql://u@h/d"_s << u"host"_s << u"a b"_s;
    QTest::newRow("host list that does not parse")
        << u"postgresql://u@h/d"_s << u"host"_s << u"h1:,h2"_s;
    QTest::newRow("several hosts on mysql") << u"mysql://u@h/d"_s << u"otherHosts"_s << u"h2"_s;
    QTest::newRow("other host with space")
        << u"postgresql://u@h/d"_s << u"otherHosts"_s << u"a b"_s;
    QTest::newRow("empty path") << u"sqlite:/x"_s << u"path"_s << QString();
    QTest::newRow("empty dsn") << u"odbc://dsn"_s << u"database"_s << QString();
    QTest::newRow("control char") << u"mysql://u@h/d"_s << u"user"_s << u"a\nb"_s;
    QTest::newRow("bad table") << u"sqlite:/x"_s << u"table"_s << u"1table"_s;
    QTest::newRow("timeout") << u"sqlite:/x"_s << u"timeout"_s << u"0"_s;
}

// Fields that a URL could not express, or that would reach the driver unchecked, are refused.
void ProfileStoreTest::validateRejects()
{
    QFETCH(QString, url);
    QFETCH(QString, field);
    QFETCH(QString, value);
    ConnectionProfile profile = profileFor(url);
    QVERIFY(profile.validate().ok()); // valid before the change
    if (field == u"host")
        profile.spec.host = value;
    else if (field == u"otherHosts")
        profile.spec.otherHosts = {{value, 0}};
    else if (field == u"path")
        profile.spec.path = value;
    else if (field == u"database")
        profile.spec.database = value;
    else if (field == u"user")
        profile.spec.user = value;
    else if (field == u"table")
        profile.table = value;
    else if (field == u"timeout")
        profile.connectTimeoutS = value.toInt();
    else
        profile.spec.options.insert(field, value);
    const auto status = profile.validate();
    QVERIFY(!status.ok());
    QVERIFY(!status.error().message.isEmpty());
}

// --profile ID makes the table that application's: by default its usual table, else --table.
void ProfileStoreTest::commandLineProfile()
{
    for (const QString &id : lockcore::Profile::builtInIds()) {
        auto profile = ConnectionProfile::fromCommandLine(
            {u"lockscope"_s, u"--db=sqlite:/tmp/x.sqlite"_s, u"--profile"_s, id},
            QProcessEnvironment());
        QVERIFY2(profile.ok(), profile.ok() ? "" : qPrintable(profile.error().message));
        QCOMPARE(profile->lockProfile, lockcore::Profile::builtIn(id)->toMap());
        QCOMPARE(profile->table, lockcore::Profile::builtIn(id)->defaultTable);
    }
    auto profile = ConnectionProfile::fromCommandLine(
        {u"lockscope"_s, u"--db=sqlite:/tmp/x.sqlite"_s, u"--profile=shedlock"_s,
         u"--table"_s, u"ops.shedlock"_s},
        QProcessEnvironment());
    QVERIFY(profile.ok());
    QCOMPARE(profile->lockProfile.value(u"profile"_s).toString(), u"shedlock"_s);
    QCOMPARE(profile->table, u"ops.shedlock"_s);
    profile = ConnectionProfile::fromCommandLine({u"lockscope"_s, u"--db=sqlite:/tmp/x.sqlite"_s},
                                                 QProcessEnvironment());
    QVERIFY(profile.ok());
    QVERIFY(profile->lockProfile.isEmpty()); // without --profile: Lockscope's table
}

// An unknown --profile (or "custom", which needs a mapping) is refused, naming the valid ids.
void ProfileStoreTest::commandLineUnknownProfileListsTheValidOnes()
{
    for (const QString &id : {u"no-such-app"_s, u"custom"_s, QString(), u"shed'lock"_s}) {
        const auto profile = ConnectionProfile::fromCommandLine(
            {u"lockscope"_s, u"--db=sqlite:/tmp/x.sqlite"_s, u"--profile"_s, id},
            QProcessEnvironment());
        QVERIFY(!profile.ok());
        const QString message = profile.error().message;
        QVERIFY2(message.contains(u"--profile"_s), qPrintable(message));
        for (const QString &valid : lockcore::Profile::builtInIds())
            QVERIFY2(message.contains(valid), qPrintable(message));
    }
}

// Issue 50 defect 3: --profile FILE.json opens a mapping file (it said "There is no built-in
// profile"): the table the file names unless --table is given, and a saved connection keeps
// the whole mapping, settings without a field in the dialog included, across a restart.
void ProfileStoreTest::commandLineMappingFileIsOpenedAndSavedWhole()
{
    const QVariantMap mapping{{u"table"_s, u"ops.job_lock"_s}, {u"name_column"_s, u"job"_s},
                              {u"holder_column"_s, u"owner"_s}, {u"status_column"_s, u"held"_s},
                              {u"version_column"_s, u"ver"_s}, {u"reentrant"_s, true},
                              {u"release"_s, u"status"_s}, {u"time"_s, u"local"_s}};
    const QString path = m_dir->filePath(u"jobs.json"_s);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(QJsonObject::fromVariantMap(mapping)).toJson());
    file.close();
    const auto custom = lockcore::Profile::custom(mapping);
    QVERIFY2(custom.ok(), custom.ok() ? "" : qPrintable(custom.error().message));
    const QVariantMap expected = custom->toMap();

    auto profile = ConnectionProfile::fromCommandLine(
        {u"lockscope"_s, u"--db=sqlite:/tmp/x.sqlite"_s, u"--profile"_s, path},
        QProcessEnvironment());
    QVERIFY2(profile.ok(), profile.ok() ? "" : qPrintable(profile.error().message));
    QCOMPARE(profile->lockProfile, expected);
    QCOMPARE(profile->table, u"ops.job_lock"_s);
    profile->name = u"Jobs"_s;
    ProfileStore(iniFile()).save(*profile);
    const auto loaded = ProfileStore(iniFile()).load(u"Jobs"_s); // after a restart
    QVERIFY(loaded);
    QCOMPARE(loaded->lockProfile, expected);
    QCOMPARE(loaded->table, u"ops.job_lock"_s);

    // --table wins; a file on a built-in profile keeps its id and settings.
    QFile builtIn(m_dir->filePath(u"spring.json"_s));
    QVERIFY(builtIn.open(QIODevice::WriteOnly));
    builtIn.write(R"({"profile": "spring-int-lock", "region_value": "orders"})");
    builtIn.close();
    profile = ConnectionProfile::fromCommandLine({u"lockscope"_s, u"--db=sqlite:/tmp/x.sqlite"_s,
                                                  u"--profile="_s + builtIn.fileName(),
                                                  u"--table"_s, u"app.INT_LOCK"_s},
                                                 QProcessEnvironment());
    QVERIFY2(profile.ok(), profile.ok() ? "" : qPrintable(profile.error().message));
    QCOMPARE(profile->lockProfile.value(u"profile"_s).toString(), u"spring-int-lock"_s);
    QCOMPARE(profile->lockProfile.value(u"region_value"_s).toString(), u"orders"_s);
    QCOMPARE(profile->table, u"app.INT_LOCK"_s);
}

void ProfileStoreTest::commandLineBadMappingFileIsRefused_data()
{
    QTest::addColumn<QByteArray>("content"); // empty: no file at all
    QTest::addColumn<QString>("says");
    QTest::newRow("missing") << QByteArray() << u"Cannot read the mapping file"_s;
    QTest::newRow("not JSON") << QByteArray("name_column = job") << u"not a JSON object"_s;
    QTest::newRow("an array") << QByteArray("[1, 2]") << u"not a JSON object"_s;
    QTest::newRow("no name column") << QByteArray(R"({"table": "t", "holder_column": "h"})")
                                    << u"not a valid mapping"_s;
    QTest::newRow("unknown profile") << QByteArray(R"({"profile": "no-such-app"})")
                                     << u"not a valid mapping"_s;
}

// A mapping file that is missing, not JSON or not a valid mapping is refused with a message
// naming the file and what is wrong (lockscope exits with it; nothing is opened or saved).
void ProfileStoreTest::commandLineBadMappingFileIsRefused()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, says);
    const QString path = m_dir->filePath(u"mapping.json"_s);
    if (!content.isEmpty()) {
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
    }
    const auto profile = ConnectionProfile::fromCommandLine(
        {u"lockscope"_s, u"--db=sqlite:/tmp/x.sqlite"_s, u"--profile"_s, path},
        QProcessEnvironment());
    QVERIFY(!profile.ok());
    const QString message = profile.error().message;
    QVERIFY2(message.contains(says) && message.contains(path), qPrintable(message));
}

void ProfileStoreTest::validateChecksTheLockProfile_data()
{
    QTest::addColumn<QVariantMap>("lockProfile");
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("says");
    QTest::newRow("unknown id") << QVariantMap{{u"profile"_s, u"no-such-app"_s}} << u"t"_s
                                << u"no-such-app"_s;
    QTest::newRow("quote in a column")
        << QVariantMap{{u"profile"_s, u"custom"_s}, {u"name_column"_s, u"a\"b"_s}} << u"t"_s
        << u"not a valid column name"_s;
    QTest::newRow("no name column") << QVariantMap{{u"profile"_s, u"custom"_s}} << u"t"_s
                                    << u"no lock name"_s;
    QTest::newRow("custom without a table")
        << QVariantMap{{u"profile"_s, u"custom"_s}, {u"name_column"_s, u"n"_s}} << QString()
        << u"lock table"_s;
    QTest::newRow("bad table") << QVariantMap{{u"profile"_s, u"shedlock"_s}} << u"a;b"_s
                               << u"a;b"_s;
}

// validate() checks the lock profile with Profile::fromMap() and the table it names.
void ProfileStoreTest::validateChecksTheLockProfile()
{
    QFETCH(QVariantMap, lockProfile);
    QFETCH(QString, table);
    QFETCH(QString, says);
    ConnectionProfile profile = profileFor(u"sqlite:/tmp/x.sqlite"_s);
    profile.lockProfile = lockProfile;
    profile.table = table;
    const auto status = profile.validate();
    QVERIFY(!status.ok());
    QVERIFY2(status.error().message.contains(says), qPrintable(status.error().message));
    profile.lockProfile = lockcore::Profile::builtIn(u"seed-004"_s)->toMap();
    profile.table.clear(); // a built-in profile: empty is its usual table
    QVERIFY(profile.validate().ok());
}

QTEST_GUILESS_MAIN(ProfileStoreTest)
#include "tst_profilestore.moc"
