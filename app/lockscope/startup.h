#pragma once

#include <QCoreApplication>
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

private:
    std::unique_ptr<ui::MainWindow> m_window;
};
