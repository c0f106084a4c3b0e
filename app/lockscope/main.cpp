// SPDX-License-Identifier: GPL-3.0-or-later
// lockscope: the desktop monitor. Opens the lock table given with --db, or the last profile,
// or, on first start, the embedded SQLite demo database with simulated clients.

#include "closeonsignal.h"
#include "hidepassword.h"
#include "startup.h"

#include <QApplication>
#include <QByteArray>
#include <QIcon>
#include <QStringList>
#include <vector>

namespace {

QStringList argumentsOf(const std::vector<QByteArray> &copies)
{
    QStringList list;
    for (const QByteArray &copy : copies)
        list.append(QString::fromLocal8Bit(copy));
    return list;
}

// The names and version that QSettings, --help and --version use.
void describe()
{
    QCoreApplication::setOrganizationName(QStringLiteral("Lockscope"));
    QCoreApplication::setApplicationName(QStringLiteral("lockscope"));
    QCoreApplication::setApplicationVersion(QStringLiteral(LOCKSCOPE_VERSION));
}

} // namespace

int main(int argc, char **argv)
{
    // Qt reads the arguments from a copy; the originals (what `ps` shows) lose their passwords.
    std::vector<QByteArray> copies(argv, argv + argc);
    std::vector<char *> arguments;
    for (QByteArray &copy : copies)
        arguments.push_back(copy.data());
    arguments.push_back(nullptr);
    int count = argc;
    if (Startup::onlyAnswers(argumentsOf(copies))) {
        // --help and --version print and exit 0 anywhere, with no display to connect to.
        QCoreApplication app(count, arguments.data());
        describe();
        return Startup::answer(QCoreApplication::arguments());
    }
    QApplication app(count, arguments.data());
    lockcore::hidePasswordsInArguments(argc, argv);
    describe();
    QApplication::setApplicationDisplayName(QStringLiteral("Lockscope"));
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
