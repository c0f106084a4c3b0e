// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "result.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

class QCommandLineParser;

namespace cli {

// The options lockctl and lockbench both take: where to connect and how to answer.
struct CommonSettings
{
    QString url; // --db, else LOCKSCOPE_DB; contains the password: never print
    bool json = false;
    int connectTimeoutS = 5;
    bool noPrompt = false;
    bool readOnly = false; // lockctl's --read-only: the session refuses every write (lockcore)
};

// --db, --json, --connect-timeout, --no-prompt.
QList<QCommandLineOption> commonOptions();
// Reads the common options from the parser after the command (which wins) and the one before
// (the same parser twice for a tool without commands).
lockcore::Result<CommonSettings> commonSettings(const QCommandLineParser &before,
                                                const QCommandLineParser &after);

// --connect-timeout's duration in the whole seconds the drivers take, rounded up: 1s to 1h.
lockcore::Result<int> connectTimeoutSeconds(const QString &text);

// Typed option values; errors are InvalidInput (exit code 2) naming the option.
// A duration ("500ms", "30s", "5m"; a number without a unit is refused, lockcore's
// parseDurationMs); `fallback` when the option is not given.
lockcore::Result<qint64> durationOption(const QCommandLineParser &parser, const QString &option,
                                        qint64 fallback);
// A whole number in [min, max]; `fallback` when the option is not given.
lockcore::Result<qint64> integerOption(const QCommandLineParser &parser, const QString &option,
                                       qint64 min, qint64 max, qint64 fallback);
// An option that must be given.
lockcore::Result<QString> requiredOption(const QCommandLineParser &parser, const QString &option);

} // namespace cli
