// SPDX-License-Identifier: GPL-3.0-or-later
#include "toolmain.h"

#include "arguments.h"
#include "hidepassword.h"
#include "output.h"

#include <QByteArray>
#include <QCoreApplication>
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

QtMessageHandler qtHandler = nullptr;

// What Qt itself says (its drivers' "QPSQLDriver::rollbackTransaction: Database not open",
// "This version of PostgreSQL is not supported", "QMYSQLResult::cleanup: unable to free
// statement handle", the ODBC driver's every refused statement) is not for the user of a tool:
// lockcore reports each failure that matters itself, once, in words, and such lines on a
// terminal read as errors of lockctl's own while it carries on. Only lockcore's and the tools'
// own logging categories ("lockscope.*") reach stderr; a fatal message still does (Qt aborts).
bool isOurs(QtMsgType type, const QMessageLogContext &context)
{
    const char *category = context.category ? context.category : "default";
    return type == QtFatalMsg || std::strncmp(category, "lockscope", 9) == 0;
}

void dropQtMessages(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (!isOurs(type, context))
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
    // lockcore's own log lines (such as the audit of a terminated session) read like the tool's.
    qSetMessagePattern(name
                       + u": %{if-warning}warning: %{endif}%{if-critical}error: %{endif}"
                         "%{message}"_s);
    qtHandler = qInstallMessageHandler(dropQtMessages);
    const auto text = argumentsAsText(copies);
    if (!text) {
        const bool json = std::find(copies.cbegin(), copies.cend(), "--json") != copies.cend();
        return Output(json).usage(text.error().message);
    }
    return run(*text);
}

} // namespace cli
