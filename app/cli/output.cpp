// SPDX-License-Identifier: GPL-3.0-or-later
#include "output.h"

#include "clitr.h"
#include "error.h"
#include "errortext.h"
#include "exitcode.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace cli {

namespace {

void write(std::FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    if (!text.endsWith(u'\n'))
        std::fputc('\n', stream);
    std::fflush(stream);
}

// "lockctl" or "lockbench": the name main() gave the application.
QString program()
{
    return QCoreApplication::applicationName();
}

} // namespace

void Output::writeStdout(const QString &text)
{
    write(stdout, text);
}

void Output::writeStderr(const QString &text)
{
    write(stderr, text);
}

void Output::result(const QJsonObject &json, const QString &text) const
{
    if (m_json)
        writeStdout(QString::fromUtf8(QJsonDocument(json).toJson(QJsonDocument::Compact)));
    else if (!text.isEmpty())
        writeStdout(text);
}

void Output::progress(const QString &text) const
{
    if (!m_json)
        writeStdout(text);
}

void Output::warning(const QString &text) const
{
    writeStderr(Tr::tr("%1: warning: %2").arg(program(), text));
}

int Output::error(const lockcore::Error &error, const QString &table) const
{
    writeStderr(Tr::tr("%1: error: %2").arg(program(), errorText(error, table)));
    if (m_json)
        result(QJsonObject{{u"error"_s, errorToJson(error)}}, {});
    return exitCodeFor(error);
}

int Output::error(const QString &kind, const QString &message, int exitCode) const
{
    writeStderr(Tr::tr("%1: error: %2").arg(program(), message));
    if (m_json)
        result(QJsonObject{{u"error"_s, errorToJson(kind, message, {})}}, {});
    return exitCode;
}

int Output::fail(const lockcore::Error &error) const
{
    if (error.kind == lockcore::Error::Kind::InvalidInput) // the URL or an option
        return usage(errorText(error));
    return this->error(error);
}

int Output::usage(const QString &message, const QString &command) const
{
    const QString help = command.isEmpty() ? QString(program() + u" --help"_s)
                                           : QString(program() + u' ' + command + u" --help"_s);
    writeStderr(Tr::tr("%1: error: %2").arg(program(), message));
    writeStderr(Tr::tr("Try \"%1\" for more information.").arg(help));
    if (m_json)
        result(QJsonObject{{u"error"_s, errorToJson(u"usage"_s, message, {})}}, {});
    return ExitUsage;
}

} // namespace cli
