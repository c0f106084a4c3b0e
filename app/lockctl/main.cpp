#include "cli.h"

#include <QCoreApplication>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lockctl"));
    QCoreApplication::setOrganizationName(QStringLiteral("Lockscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    // Library warnings (such as an event that could not be recorded) read like lockctl's own.
    qSetMessagePattern(QStringLiteral("lockctl: %{if-warning}warning: %{endif}"
                                      "%{if-critical}error: %{endif}%{message}"));
    return lockctl::run(QCoreApplication::arguments());
}
