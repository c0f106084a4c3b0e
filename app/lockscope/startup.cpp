// SPDX-License-Identifier: GPL-3.0-or-later
#include "startup.h"

#include "connectionspec.h"
#include "connectionprofile.h"
#include "language.h"
#include "locktablereader.h"
#include "mainwindow.h"
#include "profile.h"
#include "profilestore.h"

#include <QCommandLineParser>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace {

void complain(const QString &message)
{
    std::fprintf(stderr, "lockscope: %s\n", qPrintable(message));
}

} // namespace

Startup::Startup() = default;

Startup::~Startup()
{
    m_window.reset(); // releases the admin's test holds, stops the demo's clients
}

struct Startup::Options
{
    QCommandLineOption help, version, db, table, lockProfile, readOnly, timeout, lang, demo,
        windowThreshold;
};

// The command line's options, in the language applied, added to PARSER.
Startup::Options Startup::describe(QCommandLineParser &parser)
{
    parser.setApplicationDescription(
        tr("Monitor and manage distributed locks stored in database tables."));
    const QCommandLineOption help = parser.addHelpOption();
    const QCommandLineOption version = parser.addVersionOption();
    const QCommandLineOption db(u"db"_s,
                                tr("The lock table's database, as a URL: sqlite:PATH, "
                                   "postgresql://user@host:port/db, mysql://user@host:port/db "
                                   "(also mariadb://), oracle://user@host:port/service, "
                                   "odbc://DSN. Default: $LOCKSCOPE_DB, else the profile used "
                                   "last, else the demo."),
                                tr("URL"));
    const QCommandLineOption table(u"table"_s, tr("The lock table (default dist_lock)."),
                                   tr("NAME"), ui::ConnectionProfile::defaultTable());
    const QCommandLineOption lockProfile(
        u"profile"_s,
        tr("The lock table is this application's (its columns and rules): %1; or a mapping "
           "file NAME.json (see docs/profiles.md). --table defaults to its usual table (a "
           "file's own \"table\"). Default: Lockscope's own table.")
            .arg(lockcore::Profile::builtInIds().join(u", "_s)),
        tr("ID|FILE"));
    const QCommandLineOption readOnly(u"read-only"_s,
                                      tr("Offer no action that changes the database."));
    const QCommandLineOption timeout(
        u"connect-timeout"_s,
        tr("Give up connecting after this long, such as 5s or 1m (whole seconds, rounded up)."),
        tr("DURATION"), QString::number(ui::ConnectionProfile::defaultTimeoutS) + u's');
    const QCommandLineOption lang(u"lang"_s, tr("Interface language: en or zh_CN."),
                                  tr("LANGUAGE"));
    const QCommandLineOption demo(u"demo"_s,
                                  tr("Open the embedded demo database with simulated clients."));
    const QCommandLineOption windowThreshold(
        u"window-threshold"_s,
        tr("Above this many locks, read the lock table a window at a time: the rows shown, "
           "filtered by the database (default %1).")
            .arg(ui::LockTableReader::DefaultThreshold),
        tr("LOCKS"));
    parser.addOptions({db, table, lockProfile, readOnly, timeout, lang, demo, windowThreshold});
    return {help, version, db, table, lockProfile, readOnly, timeout, lang, demo, windowThreshold};
}

// The interface language: --lang's, else the system's.
QString Startup::languageOf(const QStringList &arguments)
{
    QCommandLineParser parser;
    const Options options = describe(parser);
    parser.parse(arguments);
    return parser.isSet(options.lang) ? parser.value(options.lang) : ui::language::systemDefault();
}

bool Startup::onlyAnswers(const QStringList &arguments)
{
    QCommandLineParser parser;
    const Options options = describe(parser);
    parser.parse(arguments);
    return parser.isSet(options.help) || parser.isSet(u"help-all"_s)
           || parser.isSet(options.version);
}

int Startup::answer(const QStringList &arguments)
{
    applyLanguage(arguments);
    QCommandLineParser parser;
    describe(parser);
    parser.process(arguments); // prints the help or the version and exits 0
    return 0;
}

void Startup::applyLanguage(const QStringList &arguments)
{
    const QString code = languageOf(arguments);
    if (!ui::language::apply(code))
        complain(tr("no translation for \"%1\"; using English").arg(code));
}

int Startup::run(const QStringList &arguments)
{
    applyLanguage(arguments);
    QCommandLineParser parser;
    const Options options = describe(parser);
    parser.process(arguments);

    m_window = std::make_unique<ui::MainWindow>();
    m_window->restoreLayout();
    if (parser.isSet(options.windowThreshold)) {
        bool ok = false;
        const int rows = parser.value(options.windowThreshold).toInt(&ok);
        if (!ok || rows < 1) {
            complain(tr("--window-threshold takes a number of locks, not \"%1\"")
                         .arg(parser.value(options.windowThreshold)));
            return 2;
        }
        m_window->setWindowThreshold(rows);
    }
    const bool haveUrl = parser.isSet(options.db) || !qEnvironmentVariableIsEmpty("LOCKSCOPE_DB");
    const bool profileOnly = !haveUrl && parser.isSet(options.lockProfile);
    if (parser.isSet(options.demo)
        || (!haveUrl && !profileOnly && ui::ProfileStore().lastUsed().isEmpty())) {
        if (const QString problem = m_window->openDemo(); !problem.isEmpty()) {
            complain(problem);
            return 3;
        }
        m_window->show();
        return -1;
    }
    if (profileOnly) {
        // --profile without a database: the dialog opens on the profile used last (or a new
        // one) with that mapping; connecting or saving from there keeps it.
        ui::ProfileStore store;
        ui::ConnectionProfile start =
            store.load(store.lastUsed()).value_or(ui::ConnectionProfile());
        const bool tableGiven = parser.isSet(options.table);
        if (auto set = start.setLockProfileOption(parser.value(options.lockProfile), !tableGiven);
            !set) {
            complain(set.error().message);
            return 2;
        }
        if (tableGiven)
            start.table = parser.value(options.table);
        m_window->show();
        m_window->showConnectionDialogWith(start);
        return -1;
    }
    if (!haveUrl) {
        // The profile used last: the dialog opens on it (it may need a password).
        m_window->show();
        m_window->showConnectionDialog();
        return -1;
    }
    auto profile = ui::ConnectionProfile::fromCommandLine(arguments);
    if (!profile) {
        complain(profile.error().message);
        return 2;
    }
    m_window->openConnection(ui::WindowConnection::of(*profile));
    m_window->show();
    return -1;
}
