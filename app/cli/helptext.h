// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCommandLineOption>
#include <QString>

class QCommandLineParser;

namespace cli {

// Paragraphs wrapped at word boundaries to fit a terminal (QCommandLineParser wraps only the
// option descriptions).
QString wrapped(const QString &text, qsizetype width = 79);
// -h, --help.
QCommandLineOption helpOption();
// The parser's help text with our own usage line (the parser's names the program by its path).
QString helpText(const QCommandLineParser &parser, const QString &usage);

} // namespace cli
