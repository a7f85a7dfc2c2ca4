"""Layer 9, the pytest plugin's parts (``array_api_reshape.testing`` is the plugin): the settings
its options name, the records of what the modes found, and the report."""
