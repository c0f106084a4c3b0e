// SPDX-License-Identifier: GPL-3.0-or-later
#include "reasonedactiondialog.h"

#include "chordless.h"
#include "connectionband.h"
#include "sqlsection.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

ReasonedActionDialog::ReasonedActionDialog(QWidget *parent)
    : QDialog(parent), m_form(new QFormLayout), m_reason(new QLineEdit(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this)), m_hint(new QLabel(this)),
      m_band(new ConnectionBand(this)), m_sqlSection(new SqlSection(this))
{
    m_sqlSection->hide(); // until the action says what it runs
}

void ReasonedActionDialog::addRow(const QString &label, const QString &plainText)
{
    auto *value = new QLabel(plainText, this);
    value->setTextFormat(Qt::PlainText); // names and holders are shown as they are
    value->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_form->addRow(label, value);
}

void ReasonedActionDialog::finish(const QString &warningHtml, const QString &actionText,
                                  const QString &actionObjectName, bool asksReason)
{
    auto *warning = new QLabel(warningHtml, this);
    warning->setWordWrap(true);
    m_asksReason = asksReason;
    if (asksReason) {
        m_reason->setPlaceholderText(tr("Why, for the audit trail (required)"));
        m_reason->setMaxLength(1000);
        m_reason->setObjectName(u"reason"_s);
        auto *reasonLabel = new QLabel(tr("&Reason:"), this);
        reasonLabel->setBuddy(m_reason);
        m_form->addRow(reasonLabel, m_reason);
    } else {
        m_reason->hide();
    }

    m_action = m_buttons->addButton(QString(), QDialogButtonBox::AcceptRole);
    makeChordless(m_action, actionText);
    m_action->setObjectName(actionObjectName);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_reason, &QLineEdit::textChanged, this, &ReasonedActionDialog::updateButtons);
    m_actionText = m_action->text();
    m_hint->setObjectName(u"reasonHint"_s);
    m_hint->setWordWrap(true);
    m_hint->hide();

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_band);
    layout->addWidget(warning);
    layout->addLayout(m_form);
    layout->addWidget(m_hint);
    layout->addWidget(m_sqlSection, 1);
    layout->addWidget(m_buttons);
    QPushButton *cancel = m_buttons->button(QDialogButtonBox::Cancel);
    cancel->setDefault(true);
    // The focus starts where nothing is confirmed, and the action button comes last on Tab.
    (asksReason ? static_cast<QWidget *>(m_reason) : cancel)->setFocus();
    setTabOrder(m_reason, m_sqlSection);
    setTabOrder(m_sqlSection, cancel);
    setTabOrder(cancel, m_action);
    updateButtons();
    resize(520, sizeHint().height());
}

void ReasonedActionDialog::showDatabase(const DatabaseTarget &target)
{
    setWindowTitle(tr("%1 on %2").arg(windowTitle(), target.name));
    m_form->insertRow(0, tr("Database:"), target.label(this));
    m_band->setConnection(target.colour, target.name);
}

void ReasonedActionDialog::setSql(std::function<QString(const QString &)> sql)
{
    m_sql = std::move(sql);
    m_sqlSection->setVisible(bool(m_sql));
    updateButtons();
}

QString ReasonedActionDialog::reason() const
{
    return m_asksReason ? m_reason->text().trimmed() : QString();
}

// Enter on the action button the admin moved to presses it; anywhere else it acts on nothing
// and says why, or, in a dialog with nothing typed to lose (a delete), presses the default,
// Cancel, as the message box it replaces did. (An auto-default button with the focus takes its
// Enter itself.)
void ReasonedActionDialog::keyPressEvent(QKeyEvent *event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    const bool onAction = m_action && focusWidget() == m_action;
    if (!enter || (!m_asksReason && !onAction))
        return QDialog::keyPressEvent(event);
    event->accept();
    if (onAction && m_action->isEnabled())
        m_action->click();
    else
        showEnterHint();
}

void ReasonedActionDialog::showEnterHint()
{
    m_hint->setText(m_asksReason && reason().isEmpty()
                        ? tr("Give a reason first: it is recorded with your name. Esc cancels.")
                        : tr("Enter does not confirm this: click %1 (or Tab to it and press "
                             "Space). Esc cancels.")
                              .arg(m_actionText));
    m_hint->show();
}

void ReasonedActionDialog::updateButtons()
{
    if (m_action)
        m_action->setEnabled(!m_asksReason || !reason().isEmpty());
    if (m_sql)
        m_sqlSection->setSql(m_sql(reason()));
    m_hint->hide(); // what it said was about the text before
}

} // namespace ui
