// SPDX-License-Identifier: GPL-3.0-or-later
#include "acknowledgementline.h"

#include "locktablepanel.h"
#include "problemalerts.h"
#include "problemwatcher.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

using namespace Qt::StringLiterals;

namespace ui {

AcknowledgementLine::AcknowledgementLine(LockTablePanel *locks, ProblemAlerts *alerts,
                                         QAction *acknowledge, QWidget *parent)
    : QWidget(parent), m_locks(locks), m_alerts(alerts), m_text(new QLabel(this)),
      m_link(new QPushButton(this))
{
    setObjectName(u"acknowledgementLine"_s);
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText); // the note is shown as it was typed
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // A link in the text's flow, as the pane's "Show database session".
    m_link->setFlat(true);
    m_link->setCursor(Qt::PointingHandCursor);
    m_link->setStyleSheet(u"QPushButton { color: palette(link); text-decoration: underline; "
                          "border: none; padding: 0; text-align: left; }"_s);
    connect(m_link, &QPushButton::clicked, acknowledge, &QAction::trigger);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text);
    layout->addWidget(m_link, 0, Qt::AlignLeft);
    connect(locks, &LockTablePanel::selectionChanged, this, &AcknowledgementLine::update);
    connect(alerts, &ProblemAlerts::watched, this, &AcknowledgementLine::update);
    connect(alerts, &ProblemAlerts::acknowledgementsChanged, this, &AcknowledgementLine::update);
    update();
}

QString AcknowledgementLine::text() const
{
    return isVisibleTo(parentWidget()) ? m_text->text() : QString();
}

void AcknowledgementLine::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        update();
    QWidget::changeEvent(event);
}

void AcknowledgementLine::update()
{
    const auto selected = m_locks->selectedLock();
    const QString acknowledged = selected ? m_alerts->acknowledgedText(*selected) : QString();
    const bool problem = selected && m_alerts->watcher()->problemsOf(selected->name);
    setVisible(problem || !acknowledged.isEmpty());
    m_text->setText(acknowledged.isEmpty() ? tr("Not acknowledged.")
                                           : acknowledged);
    m_link->setText(acknowledged.isEmpty() ? tr("Acknowledge\u2026")
                                           : tr("Change or remove acknowledgement\u2026"));
}

} // namespace ui
