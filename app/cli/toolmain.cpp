#include "toolmain.h"

#include "arguments.h"
#include "hidepassword.h"
#include "output.h"

#include <QByteArray>
#include <QCoreApplication>
#include <algorithm>
#include <cstdio>
#include <vector>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

QtMessageHandler qtHandler = nullptr;

// Qt's PostgreSQL driver warns when it cannot deallocate a prepared statement on a connection
// that is already gone (after a failover or a server restart): there is nothing left to free,
// and lockcore reports the lost connection itself, once, in words. A run that rode out a
// failover printed one such line per cached statement.
//
// Qt's ODBC driver warns at every prepared statement the server refused, before lockcore sees
// the error: a duplicate key when two clients create a lock at once, or the lock timeout of a
// queued wait, are outcomes lockcore expects, and it reports every other failure itself.
void dropDriverNoise(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (type == QtWarningMsg && message.startsWith(u"Unable to free statement:"_s))
        return;
    if (type == QtWarningMsg && message.startsWith(u"QODBCResult::exec: Unable to execute"_s))
        return;
    if (qtHandler)
        qtHandler(type, context, message);
    else
        std::fprintf(stderr, "%s\n", qPrintable(qFormatLogMessage(type, context, message)));
}

} // namespace

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
    qtHandler = qInstallMessageHandler(dropDriverNoise);
    const auto text = argumentsAsText(copies);
    if (!text) {
        const bool json = std::find(copies.cbegin(), copies.cend(), "--json") != copies.cend();
        return Output(json).usage(text.error().message);
    }
    return run(*text);
}

} // namespace cli
