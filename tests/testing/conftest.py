# The fake libraries and their tests are run by test_plugin.py and
# test_plugin_divergences.py in folders of their own; they are no tests of ours.
collect_ignore = ["fake_library", "fake_divergent"]
collect_ignore.append("fake_habits")
