#include "cli.h"
#include "hidepassword.h"

#include <QByteArray>
#include <QCoreApplication>
#include <vector>

int main(int argc, char **argv)
{
    // Qt reads the arguments from a copy; the originals (what `ps` shows) lose their passwords.
    std::vector<QByteArray> copies(argv, argv + argc);
    std::vector<char *> arguments;
    for (QByteArray &copy : copies)
        arguments.push_back(copy.data());
    arguments.push_back(nullptr);
    int count = argc;
    QCoreApplication app(count, arguments.data());
    lockcore::hidePasswordsInArguments(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("lockctl"));
    QCoreApplication::setOrganizationName(QStringLiteral("Lockscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    // Library warnings (such as an event that could not be recorded) read like lockctl's own.
    qSetMessagePattern(QStringLiteral("lockctl: %{if-warning}warning: %{endif}"
                                      "%{if-critical}error: %{endif}%{message}"));
    return lockctl::run(QCoreApplication::arguments());
}
