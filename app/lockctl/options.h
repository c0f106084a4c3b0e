#pragma once

#include "result.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

class QCommandLineParser;

namespace lockctl {

// The options every command accepts, before or after the command name.
struct GlobalSettings
{
    QString url; // --db, else LOCKSCOPE_DB; contains the password: never print
    QString table;
    bool tableGiven = false; // --table given (else the default, or the profile's table)
    QString profile;         // --profile: a built-in profile id or a JSON mapping file
    QString appTimeZone;     // --app-time-zone: the application's session time zone
    bool json = false;
    int connectTimeoutS = 5;
    bool noPrompt = false;
    bool readOnly = false; // --read-only: the session refuses every write (lockcore)
};

QList<QCommandLineOption> globalOptions();
// Reads the global options from the parser after the command (which wins) and the one before.
lockcore::Result<GlobalSettings> globalSettings(const QCommandLineParser &before,
                                                const QCommandLineParser &after);

// Typed option values; errors are InvalidInput (exit code 2) naming the option.
// A duration ("500ms", "30s", "5m"); `fallback` when the option is not given.
lockcore::Result<qint64> durationOption(const QCommandLineParser &parser, const QString &option,
                                        qint64 fallback);
// A whole number in [min, max]; `fallback` when the option is not given.
lockcore::Result<qint64> integerOption(const QCommandLineParser &parser, const QString &option,
                                       qint64 min, qint64 max, qint64 fallback);
// An option that must be given.
lockcore::Result<QString> requiredOption(const QCommandLineParser &parser, const QString &option);

} // namespace lockctl
