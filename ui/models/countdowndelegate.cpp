// SPDX-License-Identifier: GPL-3.0-or-later
#include "countdowndelegate.h"

#include "lockstatepalette.h"
#include "locktablemodel.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>
#include <QStyleOptionProgressBar>

using namespace Qt::StringLiterals;

namespace ui {

namespace {

constexpr int Steps = 1000;
constexpr int Margin = 2;

} // namespace

CountdownDelegate::CountdownDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

void CountdownDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                              const QModelIndex &index) const
{
    const QVariant fraction = index.data(LockTableModel::RemainingFractionRole);
    if (!fraction.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();

    // The cell's own background first (selection, alternating rows), without its text.
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    cell.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, widget);

    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(Margin, Margin, -Margin, -Margin);
    bar.state = (option.state & QStyle::State_Enabled) | QStyle::State_Horizontal;
    bar.direction = option.direction;
    bar.fontMetrics = option.fontMetrics;
    bar.palette = option.palette;
    bar.minimum = 0;
    bar.maximum = Steps;
    bar.progress = qBound(0, qRound(fraction.toDouble() * Steps), Steps);
    bar.textVisible = false; // drawn below, readable on both sides of the chunk's edge
    const auto state = index.data(LockTableModel::StateRole).value<LockDisplayState>();
    // A stale row's bar is grey: stopped, and in no state's live colour.
    const bool stale = index.data(LockTableModel::StaleRole).toBool();
    const QColor accent = stale ? staleAccent(option.palette)
                                : lockStateAccent(state, option.palette);
    if (accent.isValid())
        bar.palette.setColor(QPalette::Highlight, accent);
    if (stale)
        bar.palette.setColor(QPalette::Text, staleForeground(option.palette));

    painter->save();
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
    painter->restore();
    drawText(painter, bar, style, widget, index.data(Qt::DisplayRole).toString());
}

// The text in two colours, each clipped to its side of the chunk's edge: over the chunk a
// colour for the chunk's colour, over the groove the view's text colour. Where the digits cross
// the edge, each part stays readable.
void CountdownDelegate::drawText(QPainter *painter, const QStyleOptionProgressBar &bar,
                                 const QStyle *style, const QWidget *widget, const QString &text)
{
    const QRect contents = style->subElementRect(QStyle::SE_ProgressBarContents, &bar, widget);
    const int filledWidth = int(qint64(contents.width()) * bar.progress / Steps);
    QRect filled = contents;
    filled.setWidth(filledWidth);
    if (bar.direction == Qt::RightToLeft)
        filled.moveRight(contents.right());
    const QRegion chunk(filled);
    const QRegion groove = QRegion(bar.rect).subtracted(chunk);
    const QColor onChunk = readableTextOn(bar.palette.color(QPalette::Highlight));
    const QColor onGroove = bar.palette.color(QPalette::Text);
    painter->save();
    painter->setFont(widget ? widget->font() : painter->font());
    for (const auto &[region, colour] : {std::pair{chunk, onChunk}, std::pair{groove, onGroove}}) {
        painter->setClipRegion(region);
        painter->setPen(colour);
        painter->drawText(bar.rect, Qt::AlignCenter, text);
    }
    painter->restore();
}

QSize CountdownDelegate::sizeHint(const QStyleOptionViewItem &option,
                                  const QModelIndex &index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const int wide = option.fontMetrics.horizontalAdvance(u"00 min 00 s"_s) + 8 * Margin;
    size.setWidth(qMax(size.width(), wide));
    size.setHeight(qMax(size.height(), option.fontMetrics.height() + 2 * Margin + 2));
    return size;
}

} // namespace ui
