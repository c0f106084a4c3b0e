#pragma once

#include <QStyledItemDelegate>

namespace ui {

// Paints the remaining-time column as a progress bar of the lease left (in the style of the
// view, coloured by state) with the countdown text on it; cells without a running lease are
// painted as plain text.
class CountdownDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    explicit CountdownDelegate(QObject *parent = nullptr);

    void paint(QPainter *painter, const QStyleOptionViewItem &option,
               const QModelIndex &index) const override;
    QSize sizeHint(const QStyleOptionViewItem &option, const QModelIndex &index) const override;
};

} // namespace ui
