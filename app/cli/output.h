// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QJsonObject>
#include <QString>

namespace lockcore {
struct Error;
}

namespace cli {

// Where lockctl's and lockbench's words go. Results go to stdout: text for people, or with --json
// exactly one compact JSON object per command. Errors and warnings go to stderr as
// "lockctl: error: ..." (the application's name); with --json an error is also reported on
// stdout as {"error": {...}}.
class Output
{
public:
    explicit Output(bool json = false)
        : m_json(json)
    {}

    bool isJson() const { return m_json; }
    void setJson(bool json) { m_json = json; }

    // The command's result: `json` in JSON mode, otherwise `text`.
    void result(const QJsonObject &json, const QString &text) const;
    // Text on stdout, in text mode only (progress of a long command).
    void progress(const QString &text) const;
    void warning(const QString &text) const;

    // Reports the error and returns the exit code it maps to (`table`: as for errorText()).
    int error(const lockcore::Error &error, const QString &table = {}) const;
    // An error that is not a lockcore::Error (such as "no such lock"): kind is the JSON kind.
    int error(const QString &kind, const QString &message, int exitCode) const;
    // An error of the URL or of an option (InvalidInput) as a usage error, any other as error().
    int fail(const lockcore::Error &error) const;
    // A usage error: the message, a pointer to --help, exit code 2.
    int usage(const QString &message, const QString &command = {}) const;

    static void writeStdout(const QString &text);
    static void writeStderr(const QString &text);

private:
    bool m_json;
};

} // namespace cli
