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

int Startup::run(const QStringList &arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        tr("Monitor and manage distributed locks stored in database tables."));
    parser.addHelpOption();
    parser.addVersionOption();
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
        tr("The lock table is this application's (its columns and rules): %1. --table "
           "defaults to its usual table. Default: Lockscope's own table.")
            .arg(lockcore::Profile::builtInIds().join(u", "_s)),
        tr("ID"));
    const QCommandLineOption readOnly(u"read-only"_s,
                                      tr("Offer no action that changes the database."));
    const QCommandLineOption timeout(u"connect-timeout"_s,
                                     tr("Give up connecting after this many seconds."),
                                     tr("SECONDS"),
                                     QString::number(ui::ConnectionProfile::defaultTimeoutS));
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
    parser.process(arguments);

    const QString code = parser.isSet(lang) ? parser.value(lang) : ui::language::systemDefault();
    if (!ui::language::apply(code))
        complain(tr("no translation for \"%1\"; using English").arg(code));

    m_window = std::make_unique<ui::MainWindow>();
    m_window->restoreLayout();
    if (parser.isSet(windowThreshold)) {
        bool ok = false;
        const int rows = parser.value(windowThreshold).toInt(&ok);
        if (!ok || rows < 1) {
            complain(tr("--window-threshold takes a number of locks, not \"%1\"")
                         .arg(parser.value(windowThreshold)));
            return 2;
        }
        m_window->setWindowThreshold(rows);
    }
    const bool haveUrl = parser.isSet(db) || !qEnvironmentVariableIsEmpty("LOCKSCOPE_DB");
    if (parser.isSet(demo) || (!haveUrl && ui::ProfileStore().lastUsed().isEmpty())) {
        if (const QString problem = m_window->openDemo(); !problem.isEmpty()) {
            complain(problem);
            return 3;
        }
        m_window->show();
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
