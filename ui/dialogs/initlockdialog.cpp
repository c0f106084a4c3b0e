// SPDX-License-Identifier: GPL-3.0-or-later
#include "initlockdialog.h"

#include "chordless.h"
#include "connectionband.h"
#include "duration.h"
#include "sqlsection.h"
#include "validation.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

InitLockDialog::InitLockDialog(QWidget *parent)
    : QDialog(parent), m_name(new QLineEdit(this)), m_ttl(new QLineEdit(u"30s"_s, this)),
      m_description(new QLineEdit(this)), m_problem(new QLabel(this)),
      m_buttons(new QDialogButtonBox(QDialogButtonBox::Cancel, this)),
      m_action(m_buttons->addButton(QString(), QDialogButtonBox::AcceptRole)),
      m_form(new QFormLayout), m_band(new ConnectionBand(this)), m_sqlSection(new SqlSection(this))
{
    setWindowTitle(tr("Initialize lock"));
    m_name->setObjectName(u"name"_s);
    m_ttl->setObjectName(u"ttl"_s);
    m_description->setObjectName(u"description"_s);
    m_ttl->setToolTip(tr("The lease an acquire gets when it asks for none: 500ms, 30s, 5m, 1h"));
    auto *form = m_form;
    auto addRow = [&](const QString &label, QWidget *field) {
        auto *text = new QLabel(label, this);
        text->setBuddy(field);
        form->addRow(text, field);
    };
    addRow(tr("&Name:"), m_name);
    addRow(tr("Default &lease:"), m_ttl);
    addRow(tr("&Description:"), m_description);
    m_problem->setWordWrap(true);
    m_problem->setObjectName(u"problem"_s);
    connect(m_name, &QLineEdit::textChanged, this, &InitLockDialog::validate);
    connect(m_ttl, &QLineEdit::textChanged, this, &InitLockDialog::validate);
    connect(m_description, &QLineEdit::textChanged, this, &InitLockDialog::validate);
    makeChordless(m_action, tr("Initialize"));
    // Else the box makes Initialize, its first accept button, the default when shown.
    m_buttons->button(QDialogButtonBox::Cancel)->setDefault(true);
    m_action->setObjectName(u"initializeButton"_s);
    m_sqlSection->hide(); // until the action says what it runs
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_band);
    layout->addLayout(form);
    layout->addWidget(m_problem);
    layout->addWidget(m_sqlSection, 1);
    layout->addWidget(m_buttons);
    validate();
    resize(440, sizeHint().height());
}

QString InitLockDialog::name() const
{
    return m_name->text();
}

qint64 InitLockDialog::ttlMs() const
{
    auto ttl = lockcore::parseDurationMs(m_ttl->text().trimmed());
    return ttl ? *ttl : 0;
}

QString InitLockDialog::description() const
{
    return m_description->text();
}

void InitLockDialog::validate()
{
    QString problem;
    auto ttl = lockcore::parseDurationMs(m_ttl->text().trimmed(), tr("The default lease"));
    if (m_name->text().isEmpty())
        problem = tr("Enter the lock's name.");
    else if (lockcore::Status s = lockcore::validateLockName(m_name->text()); !s)
        problem = s.error().message;
    else if (!ttl)
        problem = ttl.error().message;
    else if (lockcore::Status s = lockcore::validateTtl(*ttl); !s)
        problem = s.error().message;
    else if (lockcore::Status s = lockcore::validateDescription(m_description->text(),
                                                                tr("description"));
             !s)
        problem = s.error().message;
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
    m_action->setEnabled(problem.isEmpty());
    if (m_sql)
        m_sqlSection->setSql(problem.isEmpty() ? m_sql(name(), ttlMs(), description()) : QString());
}

void InitLockDialog::showDatabase(const DatabaseTarget &target)
{
    setWindowTitle(tr("Initialize lock on %1").arg(target.name));
    m_form->insertRow(0, tr("Database:"), target.label(this));
    m_band->setConnection(target.colour, target.name);
}

void InitLockDialog::setSql(SqlSource sql)
{
    m_sql = std::move(sql);
    m_sqlSection->setVisible(bool(m_sql));
    validate();
}

// Enter on the Initialize button the admin moved to presses it; elsewhere it does nothing (an
// auto-default button with the focus, Cancel, takes its Enter itself).
void InitLockDialog::keyPressEvent(QKeyEvent *event)
{
    const bool enter = event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter;
    if (!enter)
        return QDialog::keyPressEvent(event);
    event->accept();
    if (focusWidget() == m_action && m_action->isEnabled())
        m_action->click();
}

} // namespace ui
