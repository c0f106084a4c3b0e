#include "output.h"

#include "error.h"
#include "errortext.h"
#include "exitcode.h"
#include "jsonformat.h"
#include "tr.h"

#include <QJsonDocument>
#include <cstdio>

using namespace Qt::StringLiterals;

namespace lockctl {

namespace {

void write(std::FILE *stream, const QString &text)
{
    const QByteArray bytes = text.toUtf8();
    std::fwrite(bytes.constData(), 1, size_t(bytes.size()), stream);
    if (!text.endsWith(u'\n'))
        std::fputc('\n', stream);
    std::fflush(stream);
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
    writeStderr(Tr::tr("lockctl: warning: %1").arg(text));
}

int Output::error(const lockcore::Error &error) const
{
    writeStderr(Tr::tr("lockctl: error: %1").arg(errorText(error)));
    if (m_json)
        result(QJsonObject{{u"error"_s, errorToJson(error)}}, {});
    return exitCodeFor(error);
}

int Output::error(const QString &kind, const QString &message, int exitCode) const
{
    writeStderr(Tr::tr("lockctl: error: %1").arg(message));
    if (m_json)
        result(QJsonObject{{u"error"_s, errorToJson(kind, message, {})}}, {});
    return exitCode;
}

int Output::usage(const QString &message, const QString &command) const
{
    const QString help
        = command.isEmpty() ? u"lockctl --help"_s : u"lockctl "_s + command + u" --help"_s;
    writeStderr(Tr::tr("lockctl: error: %1").arg(message));
    writeStderr(Tr::tr("Try \"%1\" for more information.").arg(help));
    if (m_json)
        result(QJsonObject{{u"error"_s, errorToJson(u"usage"_s, message, {})}}, {});
    return ExitUsage;
}

} // namespace lockctl
