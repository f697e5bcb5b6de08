//! The report's chart, three panels of horizontal bars on log scales with a
//! line at 1: the ratios against prost for encode and for decode, one bar
//! per dataset and format (a bar measured in several processes has a line
//! across it from the lowest ratio of one process to the highest), and the
//! bytes on the wire of every format but schemac's views over schemac's,
//! per dataset.
//!
//! Drawn with plotters' SVG backend only, which needs no fonts or system
//! libraries: text goes into the SVG as `<text>` elements.

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::formats::{BASELINE, FORMATS, REPRESENTATIONS};
use crate::report::Report;

/// One bar: a label, the format (for its color), the ratio and, when
/// several processes measured it, their lowest and highest ratio.
struct Bar {
    label: String,
    format: String,
    ratio: f64,
    range: Option<(f64, f64)>,
}

/// The colors of the formats, in the order of [`FORMATS`],
/// [`REPRESENTATIONS`] then the C++ formats.
const COLORS: &[RGBColor] = &[
    RGBColor(31, 119, 180),
    RGBColor(174, 199, 232),
    RGBColor(57, 59, 121),
    RGBColor(127, 127, 127),
    RGBColor(214, 39, 40),
    RGBColor(255, 152, 150),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(23, 190, 207),
    RGBColor(140, 86, 75),
    RGBColor(158, 218, 229),
    RGBColor(188, 189, 34),
    RGBColor(219, 219, 141),
];

/// Every format, in the chart's order.
fn all_formats() -> impl Iterator<Item = &'static str> {
    FORMATS
        .iter()
        .chain(REPRESENTATIONS)
        .chain(crate::cpp::FORMATS)
        .copied()
}

fn color(format: &str) -> RGBColor {
    let index = all_formats().position(|f| f == format).unwrap_or(0);
    COLORS[index.min(COLORS.len() - 1)]
}

/// The chart of `report` as SVG text.
pub fn svg(report: &Report) -> Result<String, String> {
    let timing = [
        ("encode", bars(report, "encode")),
        ("decode", bars(report, "decode")),
    ];
    let sizes = size_bars(report);
    let rows = timing
        .iter()
        .map(|(_, bars)| bars.len())
        .chain([sizes.len()])
        .max()
        .unwrap_or(0);
    let (low, high) = domain(timing.iter().flat_map(|(_, bars)| {
        bars.iter()
            .flat_map(|bar| {
                [
                    Some(bar.ratio),
                    bar.range.map(|r| r.0),
                    bar.range.map(|r| r.1),
                ]
            })
            .flatten()
    }));
    let size_domain = domain(sizes.iter().map(|bar| bar.ratio));
    let height = 120 + 18 * rows as u32;
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, (1800, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let root = root
            .titled(
                "schemac, buffa, C++ and the serde formats against prost: prost time / format time (log scale; > 1 is faster), and bytes on the wire",
                ("sans-serif", 16),
            )
            .map_err(|e| e.to_string())?;
        let areas = root.split_evenly((1, 3));
        for ((op, bars), area) in timing.iter().zip(&areas) {
            panel(area, op, "prost time / format time", bars, (low, high))?;
        }
        panel(
            &areas[2],
            "bytes on the wire",
            "format's bytes / schemac's bytes",
            &sizes,
            size_domain,
        )?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(text)
}

/// The size of every format's encoding but schemac's own and its views'
/// (which write schemac's bytes) over schemac's, per dataset.
fn size_bars(report: &Report) -> Vec<Bar> {
    let mut bars = Vec::new();
    for dataset in &report.datasets {
        let Some(schemac) = dataset.rows.iter().find(|row| row.format == "schemac") else {
            continue;
        };
        for row in &dataset.rows {
            let format = row.format.as_str();
            // The C++ rows decode schemac's bytes; their size is not their own.
            if format.starts_with("schemac")
                || format.ends_with("-view")
                || crate::cpp::FORMATS.contains(&format)
                || schemac.bytes == 0
            {
                continue;
            }
            bars.push(Bar {
                label: format!("{} {} ({} B)", dataset.name, row.format, row.bytes),
                format: row.format.clone(),
                ratio: row.bytes.max(1) as f64 / schemac.bytes as f64,
                range: None,
            });
        }
    }
    bars
}

/// The bars of `op` for every dataset and format except the baseline.
fn bars(report: &Report, op: &str) -> Vec<Bar> {
    let mut bars = Vec::new();
    for dataset in &report.datasets {
        for row in dataset.rows.iter().filter(|row| row.format != BASELINE) {
            let (ratio, range) = match op {
                "encode" => (row.encode_ratio, row.encode_ratio_range),
                _ => (row.decode_ratio, row.decode_ratio_range),
            };
            if let Some(ratio) = ratio {
                bars.push(Bar {
                    label: format!("{} {}", dataset.name, row.format),
                    format: row.format.clone(),
                    ratio,
                    range: range.filter(|_| row.processes > 1),
                });
            }
        }
    }
    bars
}

/// A log-scale range holding every ratio and 1, with some room.
fn domain(ratios: impl Iterator<Item = f64>) -> (f64, f64) {
    let (low, high) = ratios
        .filter(|ratio| ratio.is_finite() && *ratio > 0.0)
        .fold((1.0f64, 1.0f64), |(low, high), ratio| {
            (low.min(ratio), high.max(ratio))
        });
    (low / 1.5, high * 1.5)
}

/// 1, 2 and 5 times each power of ten within `low..high`.
fn key_points(low: f64, high: f64) -> Vec<f64> {
    (-3..=3)
        .flat_map(|exponent| [1.0, 2.0, 5.0].map(|step| step * 10f64.powi(exponent)))
        .filter(|point| (low..=high).contains(point))
        .collect()
}

fn panel(
    area: &DrawingArea<SVGBackend<'_>, Shift>,
    caption: &str,
    x_desc: &str,
    bars: &[Bar],
    (low, high): (f64, f64),
) -> Result<(), String> {
    // Row 0 is at the bottom; the first bar goes at the top. The axis holds
    // rows 0 to `rows - 1`, the last one reaching up to `Last`, so that
    // every row has a bar (a range to `rows` would leave one empty).
    let rows = bars.len().max(1);
    let row_of = |index: usize| rows - 1 - index;
    let edge = |row: usize| {
        if row + 1 < rows {
            SegmentValue::Exact(row + 1)
        } else {
            SegmentValue::Last
        }
    };
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 15))
        .margin(8)
        .x_label_area_size(36)
        .y_label_area_size(210)
        .build_cartesian_2d(
            (low..high)
                .log_scale()
                .with_key_points(key_points(low, high)),
            (0..rows - 1).into_segmented(),
        )
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .light_line_style(WHITE)
        .y_labels(rows)
        .y_label_style(("sans-serif", 11))
        .y_label_formatter(&|value| match value {
            SegmentValue::CenterOf(row) | SegmentValue::Exact(row) if *row < rows => bars
                .get(rows - 1 - row)
                .map_or_else(String::new, |bar| bar.label.clone()),
            _ => String::new(),
        })
        .x_desc(x_desc)
        .x_label_formatter(&|x| format!("{x:.2}"))
        .draw()
        .map_err(|e| e.to_string())?;
    for format in all_formats() {
        let fill = color(format);
        let mut series = bars
            .iter()
            .enumerate()
            .filter(|(_, bar)| bar.format == format)
            .map(|(index, bar)| {
                let row = row_of(index);
                let mut rectangle = Rectangle::new(
                    [(low, SegmentValue::Exact(row)), (bar.ratio, edge(row))],
                    fill.filled(),
                );
                rectangle.set_margin(2, 2, 0, 0);
                rectangle
            })
            .peekable();
        if series.peek().is_none() {
            continue;
        }
        chart
            .draw_series(series)
            .map_err(|e| e.to_string())?
            .label(format)
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 10, y + 5)], fill.filled()));
    }
    // The spread among processes, across the bars that have one.
    chart
        .draw_series(bars.iter().enumerate().filter_map(|(index, bar)| {
            let (lowest, highest) = bar.range?;
            let row = SegmentValue::CenterOf(row_of(index));
            Some(PathElement::new(
                vec![(lowest, row.clone()), (highest, row)],
                BLACK.stroke_width(1),
            ))
        }))
        .map_err(|e| e.to_string())?;
    // The line at 1: as fast as prost, or as many bytes as schemac.
    chart
        .draw_series(std::iter::once(PathElement::new(
            vec![(1.0, SegmentValue::Exact(0)), (1.0, SegmentValue::Last)],
            BLACK.stroke_width(1),
        )))
        .map_err(|e| e.to_string())?;
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .position(SeriesLabelPosition::UpperRight)
        .label_font(("sans-serif", 11))
        .draw()
        .map_err(|e| e.to_string())?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_has_a_color_of_its_own() {
        let colors: Vec<RGBColor> = all_formats().map(color).collect();
        for (i, a) in colors.iter().enumerate() {
            assert!(!colors[i + 1..].contains(a), "{colors:?}");
        }
    }
}
