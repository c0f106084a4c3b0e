// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QCommandLineParser>
#include <QStringList>
#include <memory>

namespace ui {
class MainWindow;
}

// Command line, language, and what the window opens first: --db URL (else $LOCKSCOPE_DB), or
// the connection dialog on the profile used last, or on first start the demo database.
class Startup
{
    Q_DECLARE_TR_FUNCTIONS(Startup)

public:
    Startup();
    ~Startup();
    // -1: the window is up, run the event loop; otherwise exit with this code.
    int run(const QStringList &arguments);

    // --help, --help-all or --version: answered by answer() without a window, so without a
    // display (as Qt's own tools do).
    static bool onlyAnswers(const QStringList &arguments);
    // Prints the help or the version, in the language of --lang or the system's; the exit code.
    static int answer(const QStringList &arguments);

private:
    struct Options;
    static Options describe(QCommandLineParser &parser);
    static QString languageOf(const QStringList &arguments);
    static void applyLanguage(const QStringList &arguments);

    std::unique_ptr<ui::MainWindow> m_window;
};
