// SPDX-License-Identifier: GPL-3.0-or-later
#include "acknowledgedialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

constexpr qint64 Hour = 3600;
constexpr qint64 UntilItChanges = 0;

} // namespace

AcknowledgeDialog::AcknowledgeDialog(const QString &lock, const QString &situation,
                                     const QString &current, QWidget *parent)
    : QDialog(parent), m_note(new QLineEdit(this)), m_duration(new QComboBox(this))
{
    setObjectName(u"acknowledgeDialog"_s);
    setWindowTitle(tr("Acknowledge problem - %1").arg(lock));
    auto *about = new QLabel(situation, this);
    about->setWordWrap(true);
    about->setTextFormat(Qt::PlainText);
    auto *explain = new QLabel(
        tr("The tray stops announcing it and does not count it; the Problems filter marks it. "
           "It comes back when its time runs out or the lock changes (another holder, fence or "
           "problem). Kept in your settings, not in the database."),
        this);
    explain->setWordWrap(true);
    m_note->setObjectName(u"acknowledgeNote"_s);
    m_note->setPlaceholderText(tr("What you are doing about it"));
    m_duration->setObjectName(u"acknowledgeDuration"_s);
    m_duration->addItem(tr("1 hour"), Hour);
    m_duration->addItem(tr("4 hours"), 4 * Hour);
    m_duration->addItem(tr("1 day"), 24 * Hour);
    m_duration->addItem(tr("Until it changes"), UntilItChanges);

    auto *form = new QFormLayout;
    form->addRow(tr("&Note:"), m_note);
    form->addRow(tr("&For:"), m_duration);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton *ok = buttons->addButton(tr("Acknowledge"), QDialogButtonBox::AcceptRole);
    ok->setObjectName(u"acknowledgeButton"_s);
    ok->setDefault(true);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(about);
    if (!current.isEmpty()) {
        auto *now = new QLabel(current, this);
        now->setObjectName(u"currentAcknowledgement"_s);
        now->setWordWrap(true);
        now->setTextFormat(Qt::PlainText);
        layout->addWidget(now);
        QPushButton *remove = buttons->addButton(tr("Remove acknowledgement"),
                                                 QDialogButtonBox::DestructiveRole);
        remove->setObjectName(u"removeAcknowledgement"_s);
        connect(remove, &QPushButton::clicked, this, [this] { done(Removed); });
    }
    layout->addWidget(explain);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(qMax(sizeHint().width(), 460), sizeHint().height());
}

QString AcknowledgeDialog::note() const
{
    return m_note->text().trimmed();
}

QDateTime AcknowledgeDialog::until(const QDateTime &now) const
{
    const qint64 seconds = m_duration->currentData().toLongLong();
    return seconds == UntilItChanges ? QDateTime() : now.addSecs(seconds);
}

} // namespace ui
