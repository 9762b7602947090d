<?php
// A stand-in for the few WordPress functions a shortcode plug-in calls (WordPress itself cannot run here): it loads
// the plug-in given as the first argument and prints what its shortcode renders for the attributes in argument 2
// (JSON). Named a fake on purpose: only the plug-in is under test.
define('ABSPATH', __DIR__ . '/');
$GLOBALS['shortcodes'] = array();
function add_shortcode($tag, $callback) { $GLOBALS['shortcodes'][$tag] = $callback; }
function shortcode_atts($pairs, $atts, $shortcode = '') {
    $atts = (array) $atts;
    $out = array();
    foreach ($pairs as $name => $default) { $out[$name] = array_key_exists($name, $atts) ? $atts[$name] : $default; }
    return $out;
}
function plugins_url($path, $plugin) { return 'https://blog.example/wp-content/plugins/' . basename(dirname($plugin)) . '/' . $path; }
function esc_url($url) { return htmlspecialchars($url, ENT_QUOTES); }
function esc_attr($text) { return htmlspecialchars($text, ENT_QUOTES); }
require $argv[1];
$tag = array_key_first($GLOBALS['shortcodes']);
echo json_encode(array('tag' => $tag, 'html' => call_user_func($GLOBALS['shortcodes'][$tag], json_decode($argv[2], true))));
