// SPDX-License-Identifier: GPL-3.0-or-later
#include "endsessiondialog.h"

#include "sessiontext.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;
using lockcore::NativeLock;
using lockcore::SessionAction;

namespace ui {

namespace {

// A statement can be long: the dialog shows its start, the whole of it is in the tooltip of the
// tree's cell and in the audit.
QString shortStatement(const QString &statement)
{
    const QString line = statement.simplified();
    return line.size() > 300 ? line.left(300) + u'\u2026' : line;
}

} // namespace

EndSessionDialog::EndSessionDialog(const NativeLock &session, SessionAction action,
                                   const QString &database, const QDateTime &dbNow,
                                   QWidget *parent)
    : ReasonedActionDialog(parent), m_target(session), m_action(action)
{
    const bool cancel = action == SessionAction::Cancel;
    setWindowTitle(cancel ? tr("Cancel the statement of session %1").arg(session.pid)
                          : tr("Terminate session %1").arg(session.pid));
    const auto orUnknown = [this](const QString &text) -> QString {
        return text.isEmpty() ? tr("(not shown)") : text;
    };
    addRow(tr("Database:"), database);
    addRow(tr("Session (pid):"), sessiontext::pid(session));
    addRow(tr("User:"), orUnknown(session.user));
    addRow(tr("Application:"), orUnknown(session.application));
    addRow(tr("Client:"), orUnknown(session.client));
    addRow(tr("State:"), orUnknown(sessiontext::state(session, dbNow)));
    const QString xact = sessiontext::age(session.xactStart, dbNow);
    addRow(tr("Transaction age:"), xact.isEmpty() ? tr("(no transaction seen)") : xact);
    addRow(tr("Statement:"), orUnknown(shortStatement(session.statement)));
    // No '&' in the action's text: no Alt+key chord may confirm it.
    const QString objectName = cancel ? u"cancelStatementButton"_s : u"terminateSessionButton"_s;
    finish(cancel ? tr("<b>The session's running statement will be cancelled.</b> The session "
                       "and its transaction live on; the application sees its statement fail. "
                       "This only happens if the session is still the one shown here.")
                  : tr("<b>The database session will be ended:</b> its connection is closed, "
                       "its open transaction is rolled back and every lock it holds is freed. "
                       "This only happens if the session is still the one shown here (the same "
                       "session and transaction)."),
           cancel ? tr("Cancel statement") : tr("Terminate session"), objectName);
    m_button = findChild<QPushButton *>(objectName);
    // A focused auto-default button is pressed by Enter; this one is pressed by a click or
    // Space only.
    m_button->setAutoDefault(false);
    m_button->setDefault(false);
}

void EndSessionDialog::keyPressEvent(QKeyEvent *event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (enter && focusWidget() == m_button) {
        // As Enter anywhere else: it acts on nothing and says how to act.
        findChild<QLineEdit *>(u"reason"_s)->setFocus();
    }
    ReasonedActionDialog::keyPressEvent(event);
}

} // namespace ui
