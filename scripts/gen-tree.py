#!/usr/bin/env python3
"""Generates a large synthetic iOS source tree for benchmarks, deterministically.

    scripts/gen-tree.py OUT_DIR --megabytes 100 [--seed 7]

The files are built from realistic Swift and Objective-C (view controllers, views, models,
networking, SwiftUI views, category helpers) with varied names, comments, strings and
`#if` blocks. About one file in five gets migration problems planted at known places; their
(path, line, rule) go to OUT_DIR/expected.tsv so a benchmark can check recall on the tree.
Nothing here is copied from another project.
"""
import argparse
import os
import random

NOUNS = ["Feed", "Profile", "Cart", "Order", "Product", "Search", "Settings", "Inbox", "Story", "Comment",
         "Payment", "Address", "Coupon", "Review", "Wishlist", "Banner", "Video", "Photo", "Map", "Chat",
         "Login", "Onboarding", "Checkout", "Invoice", "Ticket", "Event", "Friend", "Badge", "Wallet", "Shop"]
ADJS = ["Main", "Detail", "List", "Grid", "Compact", "Expanded", "Legacy", "Modern", "Shared", "Custom"]
FIELDS = ["title", "subtitle", "price", "count", "identifier", "createdAt", "updatedAt", "author", "status",
          "thumbnailURL", "rating", "isFavorite", "tags", "summary", "discount", "quantity", "owner", "color"]


def name(rng):
    return rng.choice(ADJS) + rng.choice(NOUNS)


class File:
    def __init__(self, path):
        self.path = path
        self.lines = []
        self.expected = []

    def add(self, text):
        self.lines.extend(text.split("\n"))

    def plant(self, text, rule, column_marker):
        """Adds one line holding a finding of `rule`; the finding's column is where `column_marker` starts."""
        line = len(self.lines) + 1
        self.lines.append(text)
        self.expected.append((self.path, line, text.index(column_marker) + 1, rule))

    def text(self):
        return "\n".join(self.lines) + "\n"


def swift_model(rng, f, type_name):
    f.add(f"/// A {type_name} as the API returns it.")
    f.add(f"struct {type_name}Model: Codable, Hashable {{")
    fields = rng.sample(FIELDS, 8)
    for field in fields:
        f.add(f"    var {field}: String?")
    f.add("")
    f.add("    enum CodingKeys: String, CodingKey {")
    for field in fields:
        f.add(f"        case {field} = \"{field.lower()}\"")
    f.add("    }")
    f.add("")
    f.add(f"    static func decode(_ data: Data) throws -> [{type_name}Model] {{")
    f.add("        let decoder = JSONDecoder()")
    f.add("        decoder.keyDecodingStrategy = .convertFromSnakeCase")
    f.add(f"        return try decoder.decode([{type_name}Model].self, from: data)")
    f.add("    }")
    f.add("}")
    f.add("")


def swift_view_controller(rng, f, type_name, plant):
    f.add(f"final class {type_name}ViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {{")
    f.add("    private let tableView = UITableView(frame: .zero, style: .insetGrouped)")
    f.add(f"    private var items: [{type_name}Model] = []")
    f.add("    private let refreshControl = UIRefreshControl()")
    f.add("")
    f.add("    override func viewDidLoad() {")
    f.add("        super.viewDidLoad()")
    f.add(f"        title = NSLocalizedString(\"{type_name}.title\", comment: \"The title of the {type_name.lower()} screen\")")
    f.add("        tableView.dataSource = self")
    f.add("        tableView.delegate = self")
    f.add("        tableView.refreshControl = refreshControl")
    f.add("        view.addSubview(tableView)")
    if plant and rng.random() < 0.5:
        f.plant("        let width = UIScreen.main.bounds.width - 32", "main-screen-bounds", "UIScreen")
    if plant and rng.random() < 0.4:
        f.plant("        if UIDevice.current.userInterfaceIdiom == .pad { tableView.separatorStyle = .none }", "idiom-layout", "userInterfaceIdiom")
    f.add("        refreshControl.addTarget(self, action: #selector(reload), for: .valueChanged)")
    f.add("        reload()")
    f.add("    }")
    f.add("")
    f.add("    override func viewDidLayoutSubviews() {")
    f.add("        super.viewDidLayoutSubviews()")
    f.add("        tableView.frame = view.bounds")
    f.add("    }")
    f.add("")
    f.add("    @objc private func reload() {")
    f.add(f"        let url = URL(string: \"https://api.example.com/v2/{type_name.lower()}?page=1&limit=50\")!")
    f.add("        URLSession.shared.dataTask(with: url) { [weak self] data, _, error in")
    f.add("            guard let self, let data, error == nil else { return }")
    f.add(f"            let decoded = (try? {type_name}Model.decode(data)) ?? []")
    f.add("            DispatchQueue.main.async {")
    f.add("                self.items = decoded")
    f.add("                self.tableView.reloadData()")
    f.add("                self.refreshControl.endRefreshing()")
    f.add("            }")
    f.add("        }.resume()")
    f.add("    }")
    f.add("")
    f.add("    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }")
    f.add("")
    f.add("    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {")
    f.add("        let cell = tableView.dequeueReusableCell(withIdentifier: \"cell\") ?? UITableViewCell(style: .subtitle, reuseIdentifier: \"cell\")")
    f.add("        let item = items[indexPath.row]")
    f.add("        cell.textLabel?.text = item.title ?? \"—\"")
    f.add("        cell.detailTextLabel?.text = \"\\(item.subtitle ?? \"\") · \\(item.price ?? \"free\")\"")
    if plant and rng.random() < 0.3:
        f.plant("        let window = UIApplication.shared.windows.first { $0.isKeyWindow }", "shared-windows", "windows")
    f.add("        return cell")
    f.add("    }")
    f.add("")
    f.add("    // UIScreen.main.bounds used to be read here; now the view's bounds are.")
    f.add("    /* Keep for reference: UIApplication.shared.keyWindow?.rootViewController */")
    f.add("}")
    f.add("")


def swiftui_view(rng, f, type_name, plant):
    f.add(f"struct {type_name}Card: View {{")
    f.add(f"    let model: {type_name}Model")
    f.add("    @State private var isExpanded = false")
    f.add("")
    f.add("    var body: some View {")
    f.add("        VStack(alignment: .leading, spacing: 8) {")
    f.add("            Text(model.title ?? \"Untitled\").font(.headline)")
    f.add("            if isExpanded {")
    f.add("                Text(model.summary ?? \"\").font(.body).foregroundStyle(.secondary)")
    f.add("            }")
    if plant and rng.random() < 0.4:
        f.plant("            Image(systemName: \"star\").frame(width: UIScreen.main.bounds.width / 3)", "main-screen-bounds", "UIScreen")
    f.add("            Button(isExpanded ? \"Less\" : \"More\") { withAnimation { isExpanded.toggle() } }")
    f.add("        }")
    f.add("        .padding()")
    f.add("        .background(RoundedRectangle(cornerRadius: 12).fill(Color(.secondarySystemBackground)))")
    f.add("    }")
    f.add("}")
    f.add("")


def objc_header(rng, f, type_name):
    f.add(f"#import <UIKit/UIKit.h>")
    f.add("")
    f.add("NS_ASSUME_NONNULL_BEGIN")
    f.add("")
    f.add(f"@interface {type_name}ViewController : UIViewController")
    for field in rng.sample(FIELDS, 5):
        f.add(f"@property (nonatomic, copy, nullable) NSString *{field};")
    f.add("- (void)reloadWithCompletion:(void (^ _Nullable)(BOOL finished))completion;")
    f.add("@end")
    f.add("")
    f.add("NS_ASSUME_NONNULL_END")


def objc_implementation(rng, f, type_name, plant):
    f.add(f"#import \"{type_name}ViewController.h\"")
    f.add("#import \"Macros.h\"")
    f.add("")
    f.add(f"@interface {type_name}ViewController () <UICollectionViewDataSource, UICollectionViewDelegateFlowLayout>")
    f.add("@property (nonatomic, strong) UICollectionView *collectionView;")
    f.add("@property (nonatomic, strong) NSArray<NSDictionary *> *items;")
    f.add("@end")
    f.add("")
    f.add(f"@implementation {type_name}ViewController")
    f.add("")
    f.add("- (void)viewDidLoad {")
    f.add("    [super viewDidLoad];")
    f.add("    self.view.backgroundColor = [UIColor systemBackgroundColor];")
    f.add("    UICollectionViewFlowLayout *layout = [[UICollectionViewFlowLayout alloc] init];")
    f.add("    layout.minimumLineSpacing = 12;")
    if plant and rng.random() < 0.5:
        f.plant("    layout.itemSize = CGSizeMake(SCREEN_WIDTH / 2 - 16, 120);", "main-screen-bounds", "SCREEN_WIDTH")
    if plant and rng.random() < 0.3:
        f.plant("    if (IS_IPHONE_X) { layout.sectionInset = UIEdgeInsetsMake(0, 0, 34, 0); }", "screen-size-device-check", "IS_IPHONE_X")
    f.add("    self.collectionView = [[UICollectionView alloc] initWithFrame:self.view.bounds collectionViewLayout:layout];")
    f.add("    self.collectionView.dataSource = self;")
    f.add("    self.collectionView.delegate = self;")
    f.add("    [self.collectionView registerClass:[UICollectionViewCell class] forCellWithReuseIdentifier:@\"cell\"];")
    f.add("    [self.view addSubview:self.collectionView];")
    f.add("#if DEBUG")
    f.add(f"    NSLog(@\"%@ loaded with %lu items\", NSStringFromClass([self class]), (unsigned long)self.items.count);")
    f.add("#endif")
    f.add("#if 0")
    f.add("    // Disabled: the old sizing based on the screen.")
    f.add("    CGFloat w = [UIScreen mainScreen].bounds.size.width;")
    f.add("#endif")
    f.add("}")
    f.add("")
    f.add("- (void)viewDidLayoutSubviews {")
    f.add("    [super viewDidLayoutSubviews];")
    f.add("    self.collectionView.frame = self.view.bounds;")
    f.add("}")
    f.add("")
    f.add("- (void)reloadWithCompletion:(void (^)(BOOL))completion {")
    f.add(f"    NSURL *url = [NSURL URLWithString:@\"https://api.example.com/v2/{type_name.lower()}\"];")
    f.add("    __weak typeof(self) weakSelf = self;")
    f.add("    [[[NSURLSession sharedSession] dataTaskWithURL:url completionHandler:^(NSData *data, NSURLResponse *response, NSError *error) {")
    f.add("        NSArray *json = data ? [NSJSONSerialization JSONObjectWithData:data options:0 error:nil] : @[];")
    f.add("        dispatch_async(dispatch_get_main_queue(), ^{")
    f.add("            weakSelf.items = json;")
    f.add("            [weakSelf.collectionView reloadData];")
    f.add("            if (completion) { completion(error == nil); }")
    f.add("        });")
    f.add("    }] resume];")
    f.add("}")
    f.add("")
    f.add("- (NSInteger)collectionView:(UICollectionView *)collectionView numberOfItemsInSection:(NSInteger)section {")
    f.add("    return self.items.count;")
    f.add("}")
    f.add("")
    f.add("- (UICollectionViewCell *)collectionView:(UICollectionView *)collectionView cellForItemAtIndexPath:(NSIndexPath *)indexPath {")
    f.add("    UICollectionViewCell *cell = [collectionView dequeueReusableCellWithReuseIdentifier:@\"cell\" forIndexPath:indexPath];")
    f.add("    cell.contentView.layer.cornerRadius = 8;")
    if plant and rng.random() < 0.4:
        f.plant("    cell.contentView.layer.borderWidth = 1.0 / [UIScreen mainScreen].scale;", "main-screen-scale", "UIScreen")
    f.add("    return cell;")
    f.add("}")
    f.add("")
    if plant and rng.random() < 0.3:
        f.add("- (void)showToast:(NSString *)text {")
        f.plant("    UIWindow *window = [UIApplication sharedApplication].keyWindow;", "shared-windows", "keyWindow")
        f.add("    UILabel *label = [[UILabel alloc] init];")
        f.add("    label.text = text;")
        f.add("    [window addSubview:label];")
        f.add("}")
        f.add("")
    f.add("@end")


MACROS = """#ifndef Macros_h
#define Macros_h

#define SCREEN_WIDTH ([UIScreen mainScreen].bounds.size.width)
#define SCREEN_HEIGHT ([UIScreen mainScreen].bounds.size.height)
#define SCREEN_MAX_LENGTH (MAX(SCREEN_WIDTH, SCREEN_HEIGHT))
#define IS_IPHONE_X (SCREEN_MAX_LENGTH == 812.0)

#endif
"""


def generate(out, megabytes, seed):
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    budget = megabytes * 1024 * 1024
    written = 0
    expected = []
    macros = os.path.join(out, "Common", "Macros.h")
    os.makedirs(os.path.dirname(macros), exist_ok=True)
    with open(macros, "w") as fh:
        fh.write(MACROS)
    written += len(MACROS)
    expected += [("Common/Macros.h", 4, 9, "global-geometry-constant"), ("Common/Macros.h", 5, 9, "global-geometry-constant"),
                 ("Common/Macros.h", 6, 9, "global-geometry-constant"), ("Common/Macros.h", 7, 9, "screen-size-device-check")]
    n = 0
    while written < budget:
        n += 1
        module = f"Module{n % 97:02d}"
        type_name = name(rng) + str(n)
        plant = rng.random() < 0.2
        if rng.random() < 0.55:
            f = File(f"{module}/{type_name}.swift")
            f.add("import UIKit\nimport SwiftUI\n")
            # Enough realistic content per file: several models, one controller, one SwiftUI view.
            for _ in range(rng.randint(2, 5)):
                swift_model(rng, f, type_name + rng.choice(NOUNS))
            swift_model(rng, f, type_name)
            swift_view_controller(rng, f, type_name, plant)
            swiftui_view(rng, f, type_name, plant)
            files = [f]
        else:
            h = File(f"{module}/{type_name}ViewController.h")
            objc_header(rng, h, type_name)
            m = File(f"{module}/{type_name}ViewController.m")
            objc_implementation(rng, m, type_name, plant)
            for _ in range(rng.randint(1, 3)):
                m.add("")
                m.add(f"// A second controller in the same file, as legacy projects often have.")
                objc_implementation(rng, m, type_name + rng.choice(NOUNS), plant and rng.random() < 0.5)
            files = [h, m]
        for f in files:
            path = os.path.join(out, f.path)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            text = f.text()
            with open(path, "w") as fh:
                fh.write(text)
            written += len(text.encode())
            expected += f.expected
    with open(os.path.join(out, "expected.tsv"), "w") as fh:
        for path, line, column, rule in expected:
            fh.write(f"{path}\t{line}\t{column}\t{rule}\n")
    print(f"{out}: {written / 1048576:.1f} MiB in {n} units, {len(expected)} planted findings")


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    p.add_argument("out")
    p.add_argument("--megabytes", type=int, default=100)
    p.add_argument("--seed", type=int, default=7)
    a = p.parse_args()
    generate(a.out, a.megabytes, a.seed)
