#include "toolmain.h"

#include "hidepassword.h"

#include <QByteArray>
#include <QCoreApplication>
#include <vector>

using namespace Qt::StringLiterals;

namespace cli {

int toolMain(int argc, char **argv, const QString &name, int (*run)(const QStringList &))
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
    QCoreApplication::setApplicationName(name);
    QCoreApplication::setOrganizationName(u"Lockscope"_s);
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    // Library warnings (such as an event that could not be recorded) read like the tool's own.
    qSetMessagePattern(name
                       + u": %{if-warning}warning: %{endif}%{if-critical}error: %{endif}"
                         "%{message}"_s);
    return run(QCoreApplication::arguments());
}

} // namespace cli
