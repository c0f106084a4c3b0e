// lockscope: the desktop monitor. Opens the lock table given with --db, or the last profile,
// or, on first start, the embedded SQLite demo database with simulated clients.

#include "closeonsignal.h"
#include "hidepassword.h"
#include "startup.h"

#include <QApplication>
#include <QByteArray>
#include <QIcon>
#include <vector>

int main(int argc, char **argv)
{
    // Qt reads the arguments from a copy; the originals (what `ps` shows) lose their passwords.
    std::vector<QByteArray> copies(argv, argv + argc);
    std::vector<char *> arguments;
    for (QByteArray &copy : copies)
        arguments.push_back(copy.data());
    arguments.push_back(nullptr);
    int count = argc;
    QApplication app(count, arguments.data());
    lockcore::hidePasswordsInArguments(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Lockscope"));
    QApplication::setApplicationName(QStringLiteral("lockscope"));
    QApplication::setApplicationDisplayName(QStringLiteral("Lockscope"));
    QApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/lockscope.png")));
    // The installed desktop entry (resources/desktop/): Wayland compositors match the window
    // to it, and so to its name and icon, by this id.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.lockscope.Lockscope"));
    // A signal (a logout, systemctl stop, Ctrl+C in the terminal) closes the windows as the
    // admin would: their test holds are released, not left until their leases end.
    ui::CloseOnSignal closeOnSignal;
    Startup startup;
    if (const int code = startup.run(app.arguments()); code >= 0)
        return code;
    return QApplication::exec();
}
