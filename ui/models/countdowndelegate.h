// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QStyledItemDelegate>

class QStyleOptionProgressBar;

namespace ui {

// Paints the remaining-time column as a progress bar of the lease left (in the style of the
// view, coloured by state; grey and stopped when stale) with the countdown text on it, in a
// colour for each side of the chunk's edge; cells without a running lease are painted as
// plain text.
class CountdownDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit CountdownDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;

private:
    static void drawText(QPainter *painter, const QStyleOptionProgressBar &bar,
                         const QStyle *style, const QWidget *widget, const QString &text);
};

} // namespace ui
