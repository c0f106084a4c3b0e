#include "terminatesessiondialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

TerminateSessionDialog::TerminateSessionDialog(const lockcore::NativeLock &target,
                                               QWidget *parent)
    : QDialog(parent), m_target(target), m_reason(new QLineEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this))
{
    setWindowTitle(tr("Terminate session %1").arg(target.pid));
    auto *warning = new QLabel(
        tr("<b>The database session will be ended:</b> its connection is closed, its open "
           "transaction is rolled back and every lock it holds is freed. This only happens if "
           "the session still holds this lock and is the same session as shown here."),
        this);
    warning->setWordWrap(true);

    auto *form = new QFormLayout;
    auto plain = [this](const QString &text) {
        auto *label = new QLabel(text, this);
        label->setTextFormat(Qt::PlainText); // names come from the database as they are
        label->setTextInteractionFlags(Qt::TextSelectableByMouse);
        return label;
    };
    auto orUnknown = [this](const QString &text) -> QString {
        return text.isEmpty() ? tr("(not shown)") : text;
    };
    const QString pid = target.serial != 0 ? u"%1,%2"_s.arg(target.pid).arg(target.serial)
                                           : QString::number(target.pid);
    form->addRow(tr("Session (pid):"), plain(pid));
    form->addRow(tr("User:"), plain(orUnknown(target.user)));
    form->addRow(tr("Client:"), plain(orUnknown(target.client)));
    form->addRow(tr("Application:"), plain(orUnknown(target.application)));
    form->addRow(tr("Lock key:"), plain(target.key));
    if (!target.mode.isEmpty())
        form->addRow(tr("Mode:"), plain(target.mode));
    m_reason->setPlaceholderText(tr("Why, for the audit trail (required)"));
    m_reason->setMaxLength(1000);
    m_reason->setObjectName(u"reason"_s);
    auto *reasonLabel = new QLabel(tr("&Reason:"), this);
    reasonLabel->setBuddy(m_reason);
    form->addRow(reasonLabel, m_reason);

    auto *terminate = m_buttons->addButton(tr("&Terminate session"), QDialogButtonBox::AcceptRole);
    terminate->setObjectName(u"terminateButton"_s);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_reason, &QLineEdit::textChanged, this, &TerminateSessionDialog::updateButtons);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(warning);
    layout->addLayout(form);
    layout->addWidget(m_buttons);
    m_buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    updateButtons();
    resize(480, sizeHint().height());
}

QString TerminateSessionDialog::reason() const
{
    return m_reason->text().trimmed();
}

void TerminateSessionDialog::updateButtons()
{
    for (QAbstractButton *button : m_buttons->buttons())
        if (m_buttons->buttonRole(button) == QDialogButtonBox::AcceptRole)
            button->setEnabled(!reason().isEmpty());
}
