// SPDX-License-Identifier: GPL-3.0-or-later
#include "historylookup.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace ui {

HistoryLookup::HistoryLookup(QWidget *parent)
    : QWidget(parent), m_name(new QLineEdit(this)), m_show(new QPushButton(this))
{
    m_name->setObjectName(u"historyLookup"_s);
    m_name->setClearButtonEnabled(true);
    m_show->setObjectName(u"historyLookupButton"_s);
    m_show->setEnabled(false);
    connect(m_name, &QLineEdit::textChanged, this,
            [this](const QString &text) { m_show->setEnabled(!text.trimmed().isEmpty()); });
    connect(m_name, &QLineEdit::returnPressed, this, &HistoryLookup::request);
    connect(m_show, &QPushButton::clicked, this, &HistoryLookup::request);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_name, 1);
    layout->addWidget(m_show);
    retranslate();
}

void HistoryLookup::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
}

void HistoryLookup::retranslate()
{
    m_name->setPlaceholderText(tr("Any lock name, also of a deleted lock"));
    m_name->setToolTip(tr("A deleted lock is no longer in the table, but its events stay in "
                          "the history: type its name to see them."));
    m_show->setText(tr("Show history"));
}

void HistoryLookup::request()
{
    const QString name = m_name->text().trimmed();
    if (!name.isEmpty())
        emit requested(name);
}

} // namespace ui
