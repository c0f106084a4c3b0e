// lockscope: the desktop monitor. Opens the lock table given with --db, or the last profile,
// or, on first start, the embedded SQLite demo database with simulated clients.

#include "startup.h"

#include <QApplication>
#include <QIcon>

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Lockscope"));
    QApplication::setApplicationName(QStringLiteral("lockscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("Lockscope"));
    QApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/lockscope.png")));
    Startup startup;
    if (const int code = startup.run(app.arguments()); code >= 0)
        return code;
    return QApplication::exec();
}
